// Package passes sells prepaid ride passes and tops them up for goodwill.
package passes

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/kickvolt/ridecore/internal/domain"
	"github.com/kickvolt/ridecore/internal/payments"
	"github.com/kickvolt/ridecore/internal/platform/pgstore"
	"github.com/kickvolt/ridecore/internal/reqctx"
)

var passNamespace = uuid.MustParse("b2a3f0a4-0b8e-4d8c-8f7e-5f0f64a4c1d9")

type Store interface {
	Plan(ctx context.Context, code string) (*domain.PassPlan, error)
	Insert(ctx context.Context, p *domain.Pass) error
	Get(ctx context.Context, id uuid.UUID) (*domain.Pass, error)
	AddMinutes(ctx context.Context, id uuid.UUID, minutes int) error
}

type Riders interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Rider, error)
}

type Charger interface {
	Charge(ctx context.Context, req payments.ChargeRequest) (*payments.Charge, error)
}

type KeyStore interface {
	Exists(ctx context.Context, scope, key string) (bool, error)
	Save(ctx context.Context, scope, key string) error
}

type Service struct {
	passes  Store
	riders  Riders
	charger Charger
	keys    KeyStore
	log     *slog.Logger
	now     func() time.Time
}

type Deps struct {
	Passes  Store
	Riders  Riders
	Charger Charger
	Keys    KeyStore
	Log     *slog.Logger
}

func New(d Deps) *Service {
	return &Service{
		passes: d.Passes, riders: d.Riders, charger: d.Charger,
		keys: d.Keys, log: d.Log, now: time.Now,
	}
}

// Purchase charges the rider's card for a plan and issues the pass.
func (s *Service) Purchase(ctx context.Context, riderID uuid.UUID, planCode string) (*domain.Pass, error) {
	plan, err := s.passes.Plan(ctx, planCode)
	if errors.Is(err, pgstore.ErrNotFound) {
		return nil, domain.ErrUnknownPlan
	}
	if err != nil {
		return nil, err
	}
	rider, err := s.riders.Get(ctx, riderID)
	if err != nil {
		return nil, err
	}
	if rider.PaymentMethodID == "" {
		return nil, domain.ErrNoPaymentMethod
	}

	now := s.now().UTC()
	charge, err := s.charger.Charge(ctx, payments.ChargeRequest{
		CustomerID:      rider.StripeCustomerID,
		PaymentMethodID: rider.PaymentMethodID,
		AmountCents:     plan.PriceCents,
		Description:     "Kickvolt " + plan.Name,
		Metadata:        map[string]string{"rider_id": riderID.String(), "plan": plan.Code},
		IdempotencyKey:  payments.Key("pass", riderID, plan.Code, now.UnixNano()),
	})
	if err != nil {
		return nil, fmt.Errorf("charge pass: %w", err)
	}

	pass := &domain.Pass{
		ID:               uuid.NewSHA1(passNamespace, []byte(charge.PaymentIntentID)),
		RiderID:          riderID,
		PlanCode:         plan.Code,
		MinutesTotal:     plan.Minutes,
		MinutesRemaining: plan.Minutes,
		Status:           domain.PassActive,
		PaymentIntentID:  charge.PaymentIntentID,
		PurchasedAt:      now,
		ExpiresAt:        now.AddDate(0, 0, plan.ValidityDays),
	}
	if err := s.passes.Insert(ctx, pass); err != nil {
		return nil, fmt.Errorf("store pass: %w", err)
	}
	return pass, nil
}

const grantScope = "pass_grant"

// GrantMinutes adds goodwill minutes to a pass (support tooling). The ops
// portal sends an Idempotency-Key so a double click grants once.
func (s *Service) GrantMinutes(ctx context.Context, passID uuid.UUID, minutes int) (*domain.Pass, error) {
	if minutes <= 0 || minutes > 600 {
		return nil, fmt.Errorf("minutes out of range: %d", minutes)
	}
	key, hasKey := reqctx.IdempotencyKeyFrom(ctx)
	if hasKey {
		done, err := s.keys.Exists(ctx, grantScope, key)
		if err != nil {
			return nil, err
		}
		if done {
			return s.passes.Get(ctx, passID)
		}
	}

	if err := s.passes.AddMinutes(ctx, passID, minutes); err != nil {
		return nil, err
	}

	if hasKey {
		if err := s.keys.Save(ctx, grantScope, key); err != nil {
			s.log.WarnContext(ctx, "store idempotency key", "err", err, "request_id", reqctx.RequestIDFrom(ctx))
		}
	}
	return s.passes.Get(ctx, passID)
}
