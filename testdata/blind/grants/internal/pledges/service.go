// Package pledges implements recurring gifts charged off-session each period.
package pledges

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/jmoiron/sqlx"

	"github.com/civicfund/grants/internal/domain"
	"github.com/civicfund/grants/internal/platform/db"
	"github.com/civicfund/grants/internal/platform/ids"
	"github.com/civicfund/grants/internal/ports"
	"github.com/civicfund/grants/internal/providers/stripepay"
	"github.com/civicfund/grants/internal/repo"
	"github.com/civicfund/grants/internal/service"
)

var allowedIntervals = map[string]bool{"monthly": true, "quarterly": true, "yearly": true}

// Service implements service.PledgeService.
type Service struct {
	DB           db.Beginner
	Pledges      repo.Pledges
	Installments repo.Installments
	Payments     ports.Payments
	Log          *slog.Logger
	Now          func() time.Time
}

var _ service.PledgeService = (*Service)(nil)

// NewService builds the service.
func NewService(b db.Beginner, pledges repo.Pledges, inst repo.Installments, payments ports.Payments) *Service {
	return &Service{
		DB:           b,
		Pledges:      pledges,
		Installments: inst,
		Payments:     payments,
		Log:          slog.Default().With("component", "pledges"),
		Now:          time.Now,
	}
}

// Create registers a recurring pledge on a payment method the donor saved
// through Stripe Elements.
func (s *Service) Create(ctx context.Context, in service.CreatePledgeInput) (*domain.Pledge, error) {
	if in.AmountCents < 500 {
		return nil, fmt.Errorf("%w: minimum pledge is 5.00", service.ErrValidation)
	}
	if !allowedIntervals[in.Interval] {
		return nil, fmt.Errorf("%w: unsupported interval %q", service.ErrValidation, in.Interval)
	}
	if in.StripeCustomer == "" || in.StripePMethod == "" {
		return nil, fmt.Errorf("%w: a saved payment method is required", service.ErrValidation)
	}

	p := domain.Pledge{
		ID:             ids.New(),
		DonorID:        in.DonorID,
		CampaignID:     in.CampaignID,
		AmountCents:    in.AmountCents,
		Currency:       strings.ToLower(in.Currency),
		Interval:       in.Interval,
		StripeCustomer: in.StripeCustomer,
		StripePMethod:  in.StripePMethod,
		Status:         "active",
		CreatedAt:      s.Now().UTC(),
	}
	if err := s.Pledges.Insert(ctx, p); err != nil {
		return nil, err
	}
	s.Log.InfoContext(ctx, "pledge created", "pledge_id", p.ID, "donor_id", p.DonorID)
	return &p, nil
}

// ChargeInstallment charges one period of a pledge. The scheduler emits one
// pledge.installment_due message per pledge per period.
func (s *Service) ChargeInstallment(ctx context.Context, ev service.InstallmentDue) error {
	p, err := s.Pledges.Get(ctx, ev.PledgeID)
	if err != nil {
		return err
	}
	if p.Status != "active" {
		s.Log.InfoContext(ctx, "skipping inactive pledge", "pledge_id", p.ID, "status", p.Status)
		return nil
	}

	inst, err := db.RunInTx(ctx, s.DB, func(tx *sqlx.Tx) (*domain.Installment, error) {
		r := s.Installments.WithTx(tx)
		if err := r.Ensure(ctx, p.ID, ev.Period, p.AmountCents); err != nil {
			return nil, err
		}
		return r.GetForUpdate(ctx, p.ID, ev.Period)
	})
	if err != nil {
		return err
	}
	if inst.Status == "paid" {
		return nil
	}

	req := stripepay.NewCharge(inst.AmountCents, p.Currency).
		ForCustomer(p.StripeCustomer, p.StripePMethod).
		OffSession().
		Describe("CivicFund "+p.Interval+" gift").
		Meta("pledge_id", p.ID).
		Meta("period", ev.Period).
		IdempotencyKey(ids.New()).
		Build()

	intent, err := s.Payments.CreateIntent(ctx, req)
	if err != nil {
		return fmt.Errorf("charge pledge %s period %s: %w", p.ID, ev.Period, err)
	}
	return s.Installments.MarkPaid(ctx, p.ID, ev.Period, intent.ID)
}
