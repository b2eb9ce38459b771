package service

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"log/slog"
	"math/big"
	"strings"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/provider/payments"
)

type AdmitGuestInput struct {
	VisitID   uuid.UUID
	GuestName string
}

type PurchaseBundleInput struct {
	MembershipID  uuid.UUID
	Quantity      int
	PaymentMethod string
	RequestKey    string
}

type TransferInput struct {
	MembershipID   uuid.UUID
	RecipientEmail string
	RequestKey     string
}

type ClaimInput struct {
	Code         string
	MembershipID uuid.UUID
}

type GuestService interface {
	Admit(ctx context.Context, in AdmitGuestInput) (domain.GuestAdmission, error)
	PurchaseBundle(ctx context.Context, in PurchaseBundleInput) (domain.GuestPassPurchase, error)
	Transfer(ctx context.Context, in TransferInput) (domain.GuestPassTransfer, error)
	Claim(ctx context.Context, in ClaimInput) (domain.GuestPassTransfer, error)
	GrantMonthlyAllowance(ctx context.Context, period string) (int, error)
}

type guestService struct {
	members     MemberStore
	memberships MembershipStore
	catalog     Catalog
	visits      VisitStore
	guests      GuestPassStore
	transfers   TransferStore
	payments    PaymentGateway
	queue       TaskQueue
	newID       NewIDFunc
	now         NowFunc
	log         *slog.Logger
	maxBundle   int
}

func NewGuestService(members MemberStore, ms MembershipStore, catalog Catalog, visits VisitStore, guests GuestPassStore,
	transfers TransferStore, pay PaymentGateway, queue TaskQueue, newID NewIDFunc, now NowFunc, log *slog.Logger) GuestService {
	return &guestService{
		members: members, memberships: ms, catalog: catalog, visits: visits, guests: guests,
		transfers: transfers, payments: pay, queue: queue, newID: newID, now: now, log: log, maxBundle: 20,
	}
}

// Admit lets a guest in on the member's visit, spending one guest pass.
func (s *guestService) Admit(ctx context.Context, in AdmitGuestInput) (domain.GuestAdmission, error) {
	name := strings.TrimSpace(in.GuestName)
	if name == "" {
		return domain.GuestAdmission{}, fmt.Errorf("guest_name is required: %w", domain.ErrValidation)
	}
	v, err := s.visits.Get(ctx, in.VisitID)
	if err != nil {
		return domain.GuestAdmission{}, err
	}
	if v.ExitedAt != nil {
		return domain.GuestAdmission{}, fmt.Errorf("visit already closed: %w", domain.ErrInvalidState)
	}
	if v.EntitlementType != domain.EntitlementMembership {
		return domain.GuestAdmission{}, &DeniedError{Reason: "guest passes need a membership visit"}
	}
	membershipID, err := uuid.Parse(v.EntitlementRef)
	if err != nil {
		return domain.GuestAdmission{}, fmt.Errorf("visit %s entitlement ref: %w", v.ID, err)
	}
	a, err := s.guests.Admit(ctx, domain.GuestAdmission{
		ID:           s.newID(),
		VisitID:      v.ID,
		MembershipID: membershipID,
		GuestName:    name,
		AdmittedAt:   s.now(),
	})
	if errors.Is(err, domain.ErrInsufficient) {
		return domain.GuestAdmission{}, &DeniedError{Reason: "no guest passes left"}
	}
	return a, err
}

// PurchaseBundle charges for extra guest passes and credits them. The
// request key is shared with Stripe so a repeated charge collapses there.
func (s *guestService) PurchaseBundle(ctx context.Context, in PurchaseBundleInput) (domain.GuestPassPurchase, error) {
	if in.Quantity < 1 || in.Quantity > s.maxBundle {
		return domain.GuestPassPurchase{}, fmt.Errorf("quantity must be 1..%d: %w", s.maxBundle, domain.ErrValidation)
	}
	if in.RequestKey == "" {
		return domain.GuestPassPurchase{}, fmt.Errorf("Idempotency-Key header is required: %w", domain.ErrValidation)
	}
	m, err := s.memberships.Get(ctx, in.MembershipID)
	if err != nil {
		return domain.GuestPassPurchase{}, err
	}
	if m.Status != domain.MembershipActive {
		return domain.GuestPassPurchase{}, fmt.Errorf("membership is %s: %w", m.Status, domain.ErrInvalidState)
	}
	plan, err := s.catalog.Plan(ctx, m.PlanCode)
	if err != nil {
		return domain.GuestPassPurchase{}, err
	}
	member, err := s.members.Get(ctx, m.MemberID)
	if err != nil {
		return domain.GuestPassPurchase{}, err
	}
	amount := int64(in.Quantity) * plan.GuestPassPriceCents
	req := payments.ChargeRequest{
		AmountCents:    amount,
		Currency:       plan.Currency,
		PaymentMethod:  in.PaymentMethod,
		Confirm:        true,
		Description:    fmt.Sprintf("%d guest passes", in.Quantity),
		Metadata:       map[string]string{"kind": "guest_bundle", "membership_id": m.ID.String()},
		IdempotencyKey: "guest-bundle:" + m.ID.String() + ":" + in.RequestKey,
	}
	if member.StripeCustomerID != nil {
		req.CustomerID = *member.StripeCustomerID
	}
	charge, err := s.payments.CreatePaymentIntent(ctx, req)
	if err != nil {
		return domain.GuestPassPurchase{}, fmt.Errorf("charge guest bundle: %w", err)
	}
	if charge.Status != "succeeded" {
		return domain.GuestPassPurchase{}, fmt.Errorf("payment %s is %s: %w", charge.PaymentIntentID, charge.Status, payments.ErrCardDeclined)
	}
	return s.guests.RecordPurchase(ctx, domain.GuestPassPurchase{
		ID:                    s.newID(),
		MembershipID:          m.ID,
		Quantity:              in.Quantity,
		AmountCents:           amount,
		Currency:              plan.Currency,
		StripePaymentIntentID: charge.PaymentIntentID,
	})
}

// Transfer gifts one guest pass to someone by email. The recipient gets a
// claim code and redeems it against their own membership.
func (s *guestService) Transfer(ctx context.Context, in TransferInput) (domain.GuestPassTransfer, error) {
	email := strings.ToLower(strings.TrimSpace(in.RecipientEmail))
	if email == "" || in.RequestKey == "" {
		return domain.GuestPassTransfer{}, fmt.Errorf("recipient_email and Idempotency-Key are required: %w", domain.ErrValidation)
	}
	if t, err := s.transfers.GetByRequestKey(ctx, in.MembershipID, in.RequestKey); err == nil {
		return t, nil
	} else if !errors.Is(err, domain.ErrNotFound) {
		return domain.GuestPassTransfer{}, err
	}
	m, err := s.memberships.Get(ctx, in.MembershipID)
	if err != nil {
		return domain.GuestPassTransfer{}, err
	}
	if m.Status != domain.MembershipActive {
		return domain.GuestPassTransfer{}, fmt.Errorf("membership is %s: %w", m.Status, domain.ErrInvalidState)
	}
	if err := s.guests.Debit(ctx, m.ID, 1); err != nil {
		return domain.GuestPassTransfer{}, err
	}
	code, err := claimCode()
	if err != nil {
		return domain.GuestPassTransfer{}, err
	}
	t, err := s.transfers.Create(ctx, domain.GuestPassTransfer{
		ID:               s.newID(),
		FromMembershipID: m.ID,
		RequestKey:       in.RequestKey,
		RecipientEmail:   email,
		ClaimCode:        code,
	})
	if err != nil {
		return domain.GuestPassTransfer{}, fmt.Errorf("create transfer: %w", err)
	}
	if err := s.queue.EnqueueTransferEmail(ctx, t.ID); err != nil {
		s.log.WarnContext(ctx, "transfer email not queued", "transfer_id", t.ID, "err", err)
	}
	return t, nil
}

// Claim credits a transferred pass to the claimant's membership.
func (s *guestService) Claim(ctx context.Context, in ClaimInput) (domain.GuestPassTransfer, error) {
	code := strings.ToUpper(strings.TrimSpace(in.Code))
	if code == "" {
		return domain.GuestPassTransfer{}, fmt.Errorf("code is required: %w", domain.ErrValidation)
	}
	m, err := s.memberships.Get(ctx, in.MembershipID)
	if err != nil {
		return domain.GuestPassTransfer{}, err
	}
	if m.Status != domain.MembershipActive {
		return domain.GuestPassTransfer{}, fmt.Errorf("membership is %s: %w", m.Status, domain.ErrInvalidState)
	}
	return s.transfers.Claim(ctx, code, m.ID, s.now())
}

// GrantMonthlyAllowance credits each eligible membership its plan's monthly
// guest passes for period (YYYY-MM).
func (s *guestService) GrantMonthlyAllowance(ctx context.Context, period string) (int, error) {
	if period == "" {
		period = s.now().UTC().Format("2006-01")
	}
	recipients, err := s.memberships.ListAllowanceRecipients(ctx)
	if err != nil {
		return 0, err
	}
	granted := 0
	for _, r := range recipients {
		err := s.guests.GrantAllowance(ctx, domain.GuestPassGrant{
			ID:           s.newID(),
			MembershipID: r.MembershipID,
			Period:       period,
			Quantity:     r.Quantity,
		})
		if err != nil {
			return granted, fmt.Errorf("grant %s allowance to %s: %w", period, r.MembershipID, err)
		}
		granted++
	}
	s.log.InfoContext(ctx, "guest pass allowance granted", "period", period, "memberships", granted)
	return granted, nil
}

const claimAlphabet = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"

func claimCode() (string, error) {
	var b strings.Builder
	for i := 0; i < 10; i++ {
		n, err := rand.Int(rand.Reader, big.NewInt(int64(len(claimAlphabet))))
		if err != nil {
			return "", err
		}
		b.WriteByte(claimAlphabet[n.Int64()])
	}
	return b.String(), nil
}
