package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/aerolounge/loungepass/internal/domain"
	"github.com/aerolounge/loungepass/internal/provider/payments"
)

type RenewalService interface {
	ChargeDue(ctx context.Context) (int, error)
}

type renewalService struct {
	memberships MembershipStore
	payments    PaymentGateway
	newID       NewIDFunc
	now         NowFunc
	log         *slog.Logger
	window      time.Duration
}

func NewRenewalService(ms MembershipStore, pay PaymentGateway, newID NewIDFunc, now NowFunc, log *slog.Logger) RenewalService {
	return &renewalService{memberships: ms, payments: pay, newID: newID, now: now, log: log, window: 72 * time.Hour}
}

// ChargeDue renews memberships that pay from a saved card. Each renewal has a
// renewal_charges row per period whose ID keys the Stripe charge.
func (s *renewalService) ChargeDue(ctx context.Context) (int, error) {
	now := s.now()
	due, err := s.memberships.ListRenewalCandidates(ctx, now, now.Add(s.window))
	if err != nil {
		return 0, err
	}
	renewed := 0
	for _, c := range due {
		if c.CustomerID == nil || c.PaymentMethod == nil {
			continue
		}
		ok, err := s.renewOne(ctx, c)
		if err != nil {
			return renewed, err
		}
		if ok {
			renewed++
		}
	}
	return renewed, nil
}

func (s *renewalService) renewOne(ctx context.Context, c domain.RenewalCandidate) (bool, error) {
	periodStart := c.ExpiresAt.UTC().Truncate(24 * time.Hour)
	rc, err := s.memberships.EnsureRenewalCharge(ctx, domain.RenewalCharge{
		ID:           s.newID(),
		MembershipID: c.MembershipID,
		PeriodStart:  periodStart,
		AmountCents:  c.PriceCents,
		Currency:     c.Currency,
	})
	if err != nil {
		return false, fmt.Errorf("renewal charge for %s: %w", c.MembershipID, err)
	}
	if rc.Status != "pending" {
		return false, nil
	}
	s.attempt(ctx, rc, "charging", "")
	charge, err := s.payments.CreatePaymentIntent(ctx, payments.ChargeRequest{
		AmountCents:    rc.AmountCents,
		Currency:       rc.Currency,
		CustomerID:     *c.CustomerID,
		PaymentMethod:  *c.PaymentMethod,
		Confirm:        true,
		OffSession:     true,
		Description:    "LoungePass renewal " + c.PlanCode,
		Metadata:       map[string]string{"kind": "renewal", "renewal_charge_id": rc.ID.String()},
		IdempotencyKey: "renewal:" + rc.ID.String(),
	})
	if errors.Is(err, payments.ErrCardDeclined) {
		s.attempt(ctx, rc, "declined", err.Error())
		return false, s.memberships.FailRenewal(ctx, rc.ID)
	}
	if err != nil {
		s.attempt(ctx, rc, "error", err.Error())
		return false, err
	}
	if charge.Status != "succeeded" {
		s.attempt(ctx, rc, "requires_action", charge.Status)
		return false, nil
	}
	done, err := s.memberships.CompleteRenewal(ctx, rc.ID, charge.PaymentIntentID, c.PeriodMonths)
	if err != nil {
		return false, err
	}
	s.attempt(ctx, rc, "succeeded", charge.PaymentIntentID)
	return done, nil
}

// attempt appends to the renewal attempt log for support; it never blocks a
// renewal.
func (s *renewalService) attempt(ctx context.Context, rc domain.RenewalCharge, outcome, detail string) {
	if err := s.memberships.LogRenewalAttempt(ctx, s.newID(), rc.ID, s.now(), outcome, detail); err != nil {
		s.log.WarnContext(ctx, "renewal attempt log failed", "renewal_charge_id", rc.ID, "err", err)
	}
}
