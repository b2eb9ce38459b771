package service

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/provider/payments"
)

type PurchaseMembershipInput struct {
	MemberID      uuid.UUID
	PlanCode      string
	PaymentMethod string
	AutoRenew     bool
	// RequestKey is the client's Idempotency-Key for the purchase.
	RequestKey string
}

type PurchaseResult struct {
	Membership   domain.Membership `json:"membership"`
	ClientSecret string            `json:"client_secret,omitempty"`
	Status       string            `json:"payment_status"`
}

type CancelMembershipInput struct {
	MembershipID uuid.UUID
	Reason       string
}

type MembershipService interface {
	Purchase(ctx context.Context, in PurchaseMembershipInput) (PurchaseResult, error)
	Cancel(ctx context.Context, in CancelMembershipInput) (domain.MembershipCancellation, error)
}

type membershipService struct {
	members     MemberStore
	memberships MembershipStore
	catalog     Catalog
	payments    PaymentGateway
	newID       NewIDFunc
	now         NowFunc
	log         *slog.Logger
}

func NewMembershipService(members MemberStore, ms MembershipStore, catalog Catalog, pay PaymentGateway, newID NewIDFunc, now NowFunc, log *slog.Logger) MembershipService {
	return &membershipService{members: members, memberships: ms, catalog: catalog, payments: pay, newID: newID, now: now, log: log}
}

// Purchase records a pending membership for the request key and creates its
// PaymentIntent. The membership is activated by the payment_intent.succeeded
// webhook.
func (s *membershipService) Purchase(ctx context.Context, in PurchaseMembershipInput) (PurchaseResult, error) {
	if in.RequestKey == "" {
		return PurchaseResult{}, fmt.Errorf("Idempotency-Key header is required: %w", domain.ErrValidation)
	}
	member, err := s.members.Get(ctx, in.MemberID)
	if err != nil {
		return PurchaseResult{}, err
	}
	if member.StripeCustomerID == nil {
		return PurchaseResult{}, fmt.Errorf("member has no billing profile: %w", domain.ErrInvalidState)
	}
	plan, err := s.catalog.Plan(ctx, in.PlanCode)
	if err != nil {
		return PurchaseResult{}, err
	}
	var pm *string
	if in.PaymentMethod != "" {
		pm = &in.PaymentMethod
	}
	m, _, err := s.memberships.CreatePending(ctx, domain.Membership{
		ID:                   s.newID(),
		MemberID:             member.ID,
		PlanCode:             plan.Code,
		RequestKey:           in.RequestKey,
		AutoRenew:            in.AutoRenew,
		DefaultPaymentMethod: pm,
	})
	if err != nil {
		return PurchaseResult{}, fmt.Errorf("create membership: %w", err)
	}
	if m.Status != domain.MembershipPending {
		return PurchaseResult{Membership: m, Status: string(m.Status)}, nil
	}

	charge, err := s.payments.CreatePaymentIntent(ctx, payments.ChargeRequest{
		AmountCents:    plan.PriceCents,
		Currency:       plan.Currency,
		CustomerID:     *member.StripeCustomerID,
		PaymentMethod:  in.PaymentMethod,
		Description:    "LoungePass " + plan.Name,
		Metadata:       map[string]string{"kind": "membership", "membership_id": m.ID.String()},
		IdempotencyKey: "membership:" + m.ID.String(),
	})
	if err != nil {
		return PurchaseResult{}, fmt.Errorf("create payment intent: %w", err)
	}
	if err := s.memberships.AttachPaymentIntent(ctx, m.ID, charge.PaymentIntentID); err != nil {
		return PurchaseResult{}, fmt.Errorf("attach payment intent: %w", err)
	}
	m.StripePaymentIntentID = &charge.PaymentIntentID
	return PurchaseResult{Membership: m, ClientSecret: charge.ClientSecret, Status: charge.Status}, nil
}

// Cancel ends a membership and refunds the unused part of the current period,
// rounded down to whole months.
func (s *membershipService) Cancel(ctx context.Context, in CancelMembershipInput) (domain.MembershipCancellation, error) {
	m, err := s.memberships.Get(ctx, in.MembershipID)
	if err != nil {
		return domain.MembershipCancellation{}, err
	}
	switch m.Status {
	case domain.MembershipActive, domain.MembershipPastDue, domain.MembershipCancelled:
	default:
		return domain.MembershipCancellation{}, fmt.Errorf("membership is %s: %w", m.Status, domain.ErrInvalidState)
	}
	plan, err := s.catalog.Plan(ctx, m.PlanCode)
	if err != nil {
		return domain.MembershipCancellation{}, err
	}
	refund := proratedRefund(plan, m, s.now())
	status := domain.CancellationPending
	if refund == 0 || m.StripePaymentIntentID == nil {
		status = domain.CancellationNoRefund
	}
	c, err := s.memberships.EnsureCancellation(ctx, domain.MembershipCancellation{
		ID:           s.newID(),
		MembershipID: m.ID,
		Reason:       in.Reason,
		RefundCents:  refund,
		Status:       status,
	})
	if err != nil {
		return domain.MembershipCancellation{}, fmt.Errorf("record cancellation: %w", err)
	}
	switch c.Status {
	case domain.CancellationRefunded:
		return c, nil
	case domain.CancellationNoRefund:
		if err := s.memberships.CompleteCancellation(ctx, c.ID, m.ID, c.Status, nil); err != nil {
			return c, err
		}
		return c, nil
	}

	res, err := s.payments.Refund(ctx, payments.RefundRequest{
		PaymentIntentID: *m.StripePaymentIntentID,
		AmountCents:     c.RefundCents,
		Reason:          "requested_by_customer",
		Metadata:        map[string]string{"cancellation_id": c.ID.String(), "membership_id": m.ID.String()},
	})
	if err != nil {
		return c, fmt.Errorf("refund cancellation %s: %w", c.ID, err)
	}
	if err := s.memberships.CompleteCancellation(ctx, c.ID, m.ID, domain.CancellationRefunded, &res.RefundID); err != nil {
		return c, fmt.Errorf("complete cancellation: %w", err)
	}
	c.Status = domain.CancellationRefunded
	c.StripeRefundID = &res.RefundID
	s.log.InfoContext(ctx, "membership cancelled", "membership_id", m.ID, "refund_cents", c.RefundCents)
	return c, nil
}

// proratedRefund returns the price of the whole months left in the period.
func proratedRefund(plan domain.Plan, m domain.Membership, now time.Time) int64 {
	if m.ExpiresAt == nil || !now.Before(*m.ExpiresAt) || plan.PeriodMonths == 0 {
		return 0
	}
	months := 0
	for t := now.AddDate(0, 1, 0); !t.After(*m.ExpiresAt); t = t.AddDate(0, 1, 0) {
		months++
	}
	if months > plan.PeriodMonths {
		months = plan.PeriodMonths
	}
	return plan.PriceCents * int64(months) / int64(plan.PeriodMonths)
}
