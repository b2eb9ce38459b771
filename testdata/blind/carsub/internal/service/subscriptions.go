package service

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"go.uber.org/fx"

	"github.com/drivewise/carsub/internal/domain"
	"github.com/drivewise/carsub/internal/platform/reqctx"
)

const scopeCreateSubscription = "subscriptions.create"

// SubscriptionsDeps is filled in by fx.
type SubscriptionsDeps struct {
	fx.In

	Tx         Transactor
	Subs       SubscriptionRepository
	Customers  CustomerRepository
	Catalog    Catalog
	Charges    ChargeRepository
	Deliveries DeliveryRepository
	Notes      NotificationRepository
	Idem       IdempotencyStore
	Payments   PaymentGateway
	Audit      AuditLog
	Clock      Clock
	Log        *slog.Logger
}

// Subscriptions manages the subscription lifecycle: sign-up, pause and
// cancellation.
type Subscriptions struct {
	d SubscriptionsDeps
}

func NewSubscriptions(d SubscriptionsDeps) *Subscriptions {
	return &Subscriptions{d: d}
}

type CreateSubscriptionInput struct {
	Email           string
	Phone           string
	FullName        string
	PlanCode        string
	DeliveryAddress string
	StartDate       time.Time
}

func (in CreateSubscriptionInput) validate(now time.Time) error {
	switch {
	case !strings.Contains(in.Email, "@"):
		return fmt.Errorf("email: %w", domain.ErrInvalidArgument)
	case in.FullName == "" || in.Phone == "":
		return fmt.Errorf("name and phone are required: %w", domain.ErrInvalidArgument)
	case in.PlanCode == "":
		return fmt.Errorf("plan_code: %w", domain.ErrInvalidArgument)
	case in.DeliveryAddress == "":
		return fmt.Errorf("delivery_address: %w", domain.ErrInvalidArgument)
	case in.StartDate.Before(now.Truncate(24 * time.Hour)):
		return fmt.Errorf("start_date in the past: %w", domain.ErrInvalidArgument)
	}
	return nil
}

func (s *Subscriptions) Get(ctx context.Context, id uuid.UUID) (*domain.Subscription, error) {
	return s.d.Subs.Get(ctx, id)
}

// Create signs a customer up for a plan. The subscription starts pending
// and becomes active once the car is handed over.
func (s *Subscriptions) Create(ctx context.Context, in CreateSubscriptionInput) (*domain.Subscription, error) {
	if err := in.validate(s.d.Clock()); err != nil {
		return nil, err
	}

	key := reqctx.IdempotencyKey(ctx)
	if key != "" {
		raw, ok, err := s.d.Idem.Lookup(ctx, scopeCreateSubscription, key)
		if err != nil {
			return nil, fmt.Errorf("idempotency lookup: %w", err)
		}
		if ok {
			var prev domain.Subscription
			if err := json.Unmarshal(raw, &prev); err != nil {
				return nil, fmt.Errorf("decode stored response: %w", err)
			}
			return &prev, nil
		}
	}

	plan, err := s.d.Catalog.Plan(ctx, in.PlanCode)
	if err != nil {
		return nil, fmt.Errorf("plan %q: %w", in.PlanCode, err)
	}
	if !plan.Active {
		return nil, fmt.Errorf("plan %q is retired: %w", plan.Code, domain.ErrInvalidArgument)
	}

	sub := &domain.Subscription{
		ID:              uuid.New(),
		PlanCode:        plan.Code,
		Status:          domain.SubscriptionPending,
		DeliveryAddress: in.DeliveryAddress,
		StartDate:       in.StartDate,
	}
	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		cust := &domain.Customer{
			ID:       uuid.New(),
			Email:    strings.ToLower(strings.TrimSpace(in.Email)),
			Phone:    in.Phone,
			FullName: in.FullName,
		}
		if err := s.d.Customers.UpsertByEmail(ctx, cust); err != nil {
			return fmt.Errorf("customer: %w", err)
		}
		sub.CustomerID = cust.ID
		if err := s.d.Subs.Create(ctx, sub); err != nil {
			return fmt.Errorf("subscription: %w", err)
		}
		welcome := domain.NewNotification(cust.ID, domain.ChannelEmail, "subscription_welcome",
			"welcome:"+sub.ID.String(), map[string]any{
				"name":       cust.FullName,
				"plan":       plan.Name,
				"start_date": sub.StartDate.Format("2 January 2006"),
			})
		_, err := s.d.Notes.Enqueue(ctx, welcome)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("create subscription: %w", err)
	}

	if key != "" {
		raw, _ := json.Marshal(sub)
		if err := s.d.Idem.Remember(ctx, scopeCreateSubscription, key, raw); err != nil {
			s.d.Log.Warn("could not store idempotency record", "err", err, "subscription_id", sub.ID)
		}
	}
	return sub, nil
}

// Pause takes the car back for a while; billing stops while paused.
func (s *Subscriptions) Pause(ctx context.Context, id uuid.UUID, pickup domain.TimeWindow) (*domain.Subscription, error) {
	sub, err := s.d.Subs.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	if sub.VehicleID == nil {
		return nil, fmt.Errorf("subscription %s has no car to collect: %w", id, domain.ErrInvalidState)
	}
	if !pickup.Valid(s.d.Clock()) {
		return nil, fmt.Errorf("pickup window: %w", domain.ErrInvalidArgument)
	}

	paused, err := s.d.Subs.TransitionStatus(ctx, id,
		[]domain.SubscriptionStatus{domain.SubscriptionActive}, domain.SubscriptionPaused)
	if err != nil {
		return nil, err
	}
	if !paused {
		if sub.Status == domain.SubscriptionPaused {
			return sub, nil
		}
		return nil, fmt.Errorf("cannot pause a %s subscription: %w", sub.Status, domain.ErrInvalidState)
	}

	collection := &domain.Delivery{
		ID:              uuid.New(),
		SubscriptionID:  sub.ID,
		Kind:            domain.DeliveryPickup,
		ReturnVehicleID: sub.VehicleID,
		Address:         sub.DeliveryAddress,
		WindowStart:     pickup.Start,
		WindowEnd:       pickup.End,
		Status:          domain.DeliveryRequested,
	}
	if err := s.d.Deliveries.Create(ctx, collection); err != nil {
		return nil, fmt.Errorf("schedule pause pickup: %w", err)
	}
	if err := s.d.Audit.Record(ctx, "subscription.pause", sub.ID.String(), map[string]any{
		"pickup_id": collection.ID, "window_start": pickup.Start,
	}); err != nil {
		s.d.Log.Warn("audit", "err", err)
	}

	sub.Status = domain.SubscriptionPaused
	return sub, nil
}

// Cancel ends the subscription. Cancelling inside the minimum term owes an
// early termination fee, collected right away.
func (s *Subscriptions) Cancel(ctx context.Context, id uuid.UUID, reason string) (*domain.Subscription, error) {
	sub, err := s.d.Subs.Get(ctx, id)
	if err != nil {
		return nil, err
	}
	plan, err := s.d.Catalog.Plan(ctx, sub.PlanCode)
	if err != nil {
		return nil, err
	}
	now := s.d.Clock()
	feeKey := "etf:" + sub.ID.String()

	err = s.d.Tx.InTx(ctx, func(ctx context.Context) error {
		changed, err := s.d.Subs.TransitionStatus(ctx, id, domain.LiveStatuses, domain.SubscriptionCancelled)
		if err != nil || !changed {
			return err
		}
		if err := s.d.Subs.SetCancelReason(ctx, id, reason); err != nil {
			return err
		}
		if fee := earlyTerminationFee(sub, plan, now); fee > 0 {
			_, err := s.d.Charges.InsertIfAbsent(ctx, &domain.Charge{
				ID:             uuid.New(),
				SubscriptionID: sub.ID,
				Kind:           domain.ChargeEarlyTermination,
				AmountCents:    fee,
				Currency:       plan.Currency,
				Description:    "Early termination - " + plan.Name,
				Status:         domain.ChargePending,
				IdempotencyKey: &feeKey,
			})
			if err != nil {
				return err
			}
		}
		_, err = s.d.Notes.Enqueue(ctx, domain.NewNotification(sub.CustomerID, domain.ChannelEmail,
			"subscription_cancelled", "cancelled:"+sub.ID.String(), map[string]any{"plan": plan.Name}))
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("cancel subscription: %w", err)
	}

	// Collect the fee if one is outstanding. This also completes a previous
	// call that cancelled the subscription but did not get to collect.
	fee, err := s.d.Charges.GetByIdempotencyKey(ctx, feeKey)
	switch {
	case errors.Is(err, domain.ErrNotFound):
	case err != nil:
		return nil, err
	case fee.Status == domain.ChargePending:
		cust, err := s.d.Customers.Get(ctx, sub.CustomerID)
		if err != nil {
			return nil, err
		}
		if _, err := collect(ctx, s.d.Payments, s.d.Charges, cust, fee); err != nil && !errors.Is(err, domain.ErrPaymentDeclined) {
			return nil, err
		}
	}
	return s.d.Subs.Get(ctx, id)
}

// earlyTerminationFee is half the remaining minimum-term months.
func earlyTerminationFee(sub *domain.Subscription, plan *domain.Plan, now time.Time) int64 {
	remaining := plan.MinTermMonths - sub.MonthsElapsed(now)
	if remaining <= 0 || sub.Status == domain.SubscriptionPending {
		return 0
	}
	return int64(remaining) * plan.MonthlyPriceCents / 2
}
