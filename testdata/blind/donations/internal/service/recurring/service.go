// Package recurring manages monthly giving plans: sign-up with a first
// charge, cancellation, and the monthly installment charges.
package recurring

import (
	"context"
	"fmt"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/domain"
	"github.com/kindredgive/donations/internal/platform/database"
	"github.com/kindredgive/donations/internal/platform/httpx"
	"github.com/kindredgive/donations/internal/platform/idgen"
	"github.com/kindredgive/donations/internal/providers/processor"
	"github.com/kindredgive/donations/internal/repository"
)

// CreatePlanInput is a monthly giving sign-up.
type CreatePlanInput struct {
	DonorID      string
	CharityID    string
	AmountPence  int64
	Currency     string
	DayOfMonth   int
	GiftAid      bool
	ShopperEmail string
	Card         processor.PaymentMethod
}

// Service is the recurring-giving API.
type Service interface {
	Create(ctx context.Context, in CreatePlanInput) (*domain.RecurringPlan, error)
	Cancel(ctx context.Context, planID string) (*domain.RecurringPlan, error)
	ChargeInstallment(ctx context.Context, planID, period string) error
}

type service struct {
	tx        repository.Transactor
	plans     repository.RecurringRepo
	donations repository.DonationRepo
	processor processor.Client
	now       func() time.Time
	log       *zap.Logger
}

// New builds the recurring service.
func New(tx repository.Transactor, plans repository.RecurringRepo, donations repository.DonationRepo,
	pc processor.Client, log *zap.Logger) Service {
	return &service{tx: tx, plans: plans, donations: donations, processor: pc, now: time.Now, log: log.Named("recurring")}
}

func (s *service) Create(ctx context.Context, in CreatePlanInput) (*domain.RecurringPlan, error) {
	now := s.now().UTC()
	plan := &domain.RecurringPlan{
		ID:               idgen.ULID(),
		DonorID:          in.DonorID,
		CharityID:        in.CharityID,
		AmountPence:      in.AmountPence,
		Currency:         in.Currency,
		DayOfMonth:       in.DayOfMonth,
		ShopperReference: "donor-" + in.DonorID,
		Status:           domain.PlanActive,
		GiftAid:          in.GiftAid,
		NextChargeAt:     NextChargeDate(now, in.DayOfMonth),
	}
	first := &domain.Donation{
		ID:              idgen.UUID(),
		DonorID:         in.DonorID,
		CharityID:       in.CharityID,
		RecurringPlanID: &plan.ID,
		AmountPence:     in.AmountPence,
		Currency:        in.Currency,
		Status:          domain.DonationPending,
		GiftAidEligible: in.GiftAid,
	}
	err := s.tx.RunInTx(ctx, func(ctx context.Context, tx bun.Tx) error {
		if err := s.plans.WithTx(tx).InsertPlan(ctx, plan); err != nil {
			return err
		}
		return s.donations.WithTx(tx).Insert(ctx, first)
	})
	if err != nil {
		return nil, fmt.Errorf("create plan: %w", err)
	}

	res, err := s.processor.Authorise(ctx, processor.PaymentRequest{
		Amount:                   processor.Amount{Value: in.AmountPence, Currency: in.Currency},
		Reference:                first.ID,
		PaymentMethod:            in.Card,
		ShopperEmail:             in.ShopperEmail,
		ShopperReference:         plan.ShopperReference,
		ShopperInteraction:       "Ecommerce",
		RecurringProcessingModel: "Subscription",
		StorePaymentMethod:       true,
	})
	if err != nil {
		return nil, fmt.Errorf("first installment: %w", err)
	}
	if !res.Authorised() {
		_ = s.donations.MarkFailed(ctx, first.ID, res.RefusalReason)
		_, _ = s.plans.Cancel(ctx, plan.ID, now)
		return nil, fmt.Errorf("%w: card refused: %s", httpx.ErrConflict, res.RefusalReason)
	}
	if err := s.donations.MarkAuthorised(ctx, first.ID, res.PSPReference); err != nil {
		return nil, err
	}
	if token := res.AdditionalData.StoredPaymentMethodID; token != "" {
		if err := s.plans.SetStoredToken(ctx, plan.ID, token); err != nil {
			return nil, err
		}
		plan.StoredPaymentToken = &token
	}
	return plan, nil
}

func (s *service) Cancel(ctx context.Context, planID string) (*domain.RecurringPlan, error) {
	plan, err := s.plans.GetPlan(ctx, planID)
	if database.IsNoRows(err) {
		return nil, httpx.ErrNotFound
	}
	if err != nil {
		return nil, err
	}
	if plan.Status == domain.PlanCancelled {
		return plan, nil
	}
	if plan.StoredPaymentToken != nil {
		err := s.processor.DisableStoredMethod(ctx, plan.ShopperReference, *plan.StoredPaymentToken,
			processor.WithIdempotencyKey(idgen.Derive("plan-cancel", plan.ID)))
		if err != nil {
			return nil, fmt.Errorf("disable stored card: %w", err)
		}
	}
	now := s.now().UTC()
	if _, err := s.plans.Cancel(ctx, plan.ID, now); err != nil {
		return nil, err
	}
	plan.Status = domain.PlanCancelled
	plan.CancelledAt = &now
	return plan, nil
}

// NextChargeDate returns the first date strictly after from that falls on
// dayOfMonth (clamped to 28 so every month has it).
func NextChargeDate(from time.Time, dayOfMonth int) time.Time {
	if dayOfMonth < 1 {
		dayOfMonth = 1
	}
	if dayOfMonth > 28 {
		dayOfMonth = 28
	}
	y, m, _ := from.Date()
	next := time.Date(y, m, dayOfMonth, 9, 0, 0, 0, time.UTC)
	if !next.After(from) {
		next = next.AddDate(0, 1, 0)
	}
	return next
}
