package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"
	"go.uber.org/dig"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/gateway/cardprocessor"
	"github.com/brightbay/washclub/internal/gateway/sms"
	"github.com/brightbay/washclub/internal/platform"
)

// SubscribeInput is a sign-up from the app.
type SubscribeInput struct {
	CustomerID     uuid.UUID
	PlanCode       string
	VehiclePlate   string
	IdempotencyKey string
}

// SubscriptionService manages memberships.
type SubscriptionService interface {
	Subscribe(ctx context.Context, in SubscribeInput) (*domain.Subscription, error)
	Cancel(ctx context.Context, customerID, subscriptionID uuid.UUID) error
	Get(ctx context.Context, customerID, subscriptionID uuid.UUID) (*domain.Subscription, error)
}

// SubscriptionDeps are the dependencies of the subscription service.
type SubscriptionDeps struct {
	dig.In

	DB            *sqlx.DB
	Customers     CustomerRepository
	Subscriptions SubscriptionRepository
	Charges       ChargeRepository
	Idempotency   IdempotencyRepository
	Loyalty       LoyaltyRepository
	Cards         CardProcessor
	SMS           SMSSender
	Clock         platform.Clock
	Logger        *slog.Logger
}

type subscriptionService struct {
	SubscriptionDeps
}

// NewSubscriptionService returns the SubscriptionService.
func NewSubscriptionService(d SubscriptionDeps) SubscriptionService {
	return &subscriptionService{SubscriptionDeps: d}
}

const scopeSubscribe = "subscribe"

// Subscribe charges the first month and creates the membership. The client's
// Idempotency-Key is claimed in the same transaction that creates the
// subscription, and the charge is keyed from it, so a resent sign-up returns
// the original subscription.
func (s *subscriptionService) Subscribe(ctx context.Context, in SubscribeInput) (*domain.Subscription, error) {
	plan, ok := domain.Plans[in.PlanCode]
	if !ok {
		return nil, domain.Invalid("plan_code", "unknown plan")
	}
	plate := normalizePlate(in.VehiclePlate)
	if plate == "" {
		return nil, domain.Invalid("vehicle_plate", "required")
	}
	if in.IdempotencyKey == "" {
		return nil, domain.Invalid("Idempotency-Key", "required")
	}
	cust, err := s.Customers.Get(ctx, s.DB, in.CustomerID)
	if err != nil {
		return nil, fmt.Errorf("load customer: %w", err)
	}
	if !cust.CardToken.Valid {
		return nil, domain.Invalid("card", "no card on file")
	}
	if _, err := s.Subscriptions.ActiveForCustomer(ctx, s.DB, cust.ID, plate); err == nil {
		return nil, fmt.Errorf("%w: %s already has a membership", domain.ErrConflict, plate)
	} else if !errors.Is(err, domain.ErrNotFound) {
		return nil, err
	}

	return platform.InTx(ctx, s.DB, func(tx *sqlx.Tx) (*domain.Subscription, error) {
		claimed, prior, err := s.Idempotency.Claim(ctx, tx, scopeSubscribe, in.IdempotencyKey, in.CustomerID)
		if err != nil {
			return nil, fmt.Errorf("claim idempotency key: %w", err)
		}
		if !claimed {
			if prior.OwnerID != in.CustomerID || !prior.ResourceID.Valid {
				return nil, fmt.Errorf("%w: idempotency key reused", domain.ErrConflict)
			}
			return s.Subscriptions.Get(ctx, tx, prior.ResourceID.UUID)
		}

		charge, err := s.Cards.Charge(ctx, cardprocessor.ChargeRequest{
			IdempotencyKey: scopeSubscribe + ":" + in.IdempotencyKey,
			CardToken:      cust.CardToken.String,
			AmountCents:    plan.PriceCents,
			Description:    plan.Name + " - first month",
			Metadata:       map[string]string{"customer_id": cust.ID.String(), "plate": plate},
		})
		if cardprocessor.IsDeclined(err) {
			return nil, domain.ErrPaymentDeclined
		}
		if err != nil {
			return nil, fmt.Errorf("charge first month: %w", err)
		}

		now := s.Clock()
		sub := &domain.Subscription{
			ID:                 uuid.New(),
			CustomerID:         cust.ID,
			PlanCode:           plan.Code,
			VehiclePlate:       plate,
			Status:             domain.SubscriptionActive,
			PriceCents:         plan.PriceCents,
			CurrentPeriodStart: now,
			CurrentPeriodEnd:   platform.AddMonth(now),
			CreatedAt:          now,
		}
		if err := s.Subscriptions.Insert(ctx, tx, sub); err != nil {
			return nil, err
		}
		first := &domain.SubscriptionCharge{
			ID:             uuid.New(),
			SubscriptionID: sub.ID,
			PeriodStart:    sub.CurrentPeriodStart,
			PeriodEnd:      sub.CurrentPeriodEnd,
			AmountCents:    plan.PriceCents,
			Status:         domain.ChargeSucceeded,
		}
		first.ProcessorChargeID.String, first.ProcessorChargeID.Valid = charge.ID, true
		if err := s.Charges.Insert(ctx, tx, first); err != nil {
			return nil, fmt.Errorf("record first charge: %w", err)
		}
		if err := s.Loyalty.EnsureAccount(ctx, tx, cust.ID); err != nil {
			return nil, err
		}
		if err := s.Idempotency.Complete(ctx, tx, scopeSubscribe, in.IdempotencyKey, sub.ID); err != nil {
			return nil, err
		}
		return sub, nil
	})
}

// Cancel stops renewal immediately; the member keeps washing until the end of
// the paid period.
func (s *subscriptionService) Cancel(ctx context.Context, customerID, subscriptionID uuid.UUID) error {
	cancelled, err := s.Subscriptions.Cancel(ctx, s.DB, subscriptionID, customerID, s.Clock())
	if err != nil {
		return fmt.Errorf("cancel subscription: %w", err)
	}
	sub, err := s.Subscriptions.Get(ctx, s.DB, subscriptionID)
	if err != nil {
		return err
	}
	if sub.CustomerID != customerID {
		return domain.ErrNotFound
	}
	if !cancelled && sub.Status != domain.SubscriptionCancelled {
		return fmt.Errorf("%w: subscription is %s", domain.ErrConflict, sub.Status)
	}

	cust, err := s.Customers.Get(ctx, s.DB, customerID)
	if err != nil || !cust.Phone.Valid {
		return err
	}
	_, err = s.SMS.Send(ctx, sms.Message{
		To: cust.Phone.String,
		Body: fmt.Sprintf("Your BrightBay %s membership for %s is cancelled. You can keep washing until %s.",
			domain.Plans[sub.PlanCode].Name, sub.VehiclePlate, sub.CurrentPeriodEnd.Format("Jan 2")),
		Reference: "sub-cancel:" + sub.ID.String(),
	})
	if err != nil {
		return fmt.Errorf("send cancellation sms: %w", err)
	}
	return nil
}

// Get returns one of the customer's subscriptions.
func (s *subscriptionService) Get(ctx context.Context, customerID, subscriptionID uuid.UUID) (*domain.Subscription, error) {
	sub, err := s.Subscriptions.Get(ctx, s.DB, subscriptionID)
	if err != nil {
		return nil, err
	}
	if sub.CustomerID != customerID {
		return nil, domain.ErrNotFound
	}
	return sub, nil
}

func normalizePlate(p string) string {
	return strings.ToUpper(strings.Join(strings.Fields(p), ""))
}

// PackPurchaseInput is a wash pack purchase from the app.
type PackPurchaseInput struct {
	CustomerID     uuid.UUID
	PackCode       string
	IdempotencyKey string
}

// WashPackService sells prepaid wash packs.
type WashPackService interface {
	Purchase(ctx context.Context, in PackPurchaseInput) (*domain.PackPurchase, error)
}

type washPackService struct {
	db        *sqlx.DB
	customers CustomerRepository
	loyalty   LoyaltyRepository
	cards     CardProcessor
	now       platform.Clock
}

// NewWashPackService returns the WashPackService.
func NewWashPackService(db *sqlx.DB, customers CustomerRepository, loyalty LoyaltyRepository, cards CardProcessor, now platform.Clock) WashPackService {
	return &washPackService{db: db, customers: customers, loyalty: loyalty, cards: cards, now: now}
}

// Purchase charges the pack price and issues its credits.
func (s *washPackService) Purchase(ctx context.Context, in PackPurchaseInput) (*domain.PackPurchase, error) {
	pack, ok := domain.Packs[in.PackCode]
	if !ok {
		return nil, domain.Invalid("pack_code", "unknown pack")
	}
	cust, err := s.customers.Get(ctx, s.db, in.CustomerID)
	if err != nil {
		return nil, err
	}
	if !cust.CardToken.Valid {
		return nil, domain.Invalid("card", "no card on file")
	}
	charge, err := s.cards.Charge(ctx, cardprocessor.ChargeRequest{
		IdempotencyKey: "pack:" + in.IdempotencyKey,
		CardToken:      cust.CardToken.String,
		AmountCents:    pack.PriceCents,
		Description:    fmt.Sprintf("%d x %s wash pack", pack.Washes, pack.Program),
	})
	if cardprocessor.IsDeclined(err) {
		return nil, domain.ErrPaymentDeclined
	}
	if err != nil {
		return nil, fmt.Errorf("charge pack: %w", err)
	}

	now := s.now()
	purchase := &domain.PackPurchase{
		ID:                uuid.New(),
		CustomerID:        cust.ID,
		PackCode:          pack.Code,
		Washes:            pack.Washes,
		AmountCents:       pack.PriceCents,
		ProcessorChargeID: charge.ID,
		CreatedAt:         now,
	}
	err = platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		if err := s.customers.InsertPackPurchase(ctx, tx, purchase); err != nil {
			return fmt.Errorf("record pack purchase: %w", err)
		}
		for range pack.Washes {
			credit := &domain.WashCredit{
				ID:             uuid.New(),
				CustomerID:     cust.ID,
				Source:         "pack",
				Program:        pack.Program,
				PackPurchaseID: uuid.NullUUID{UUID: purchase.ID, Valid: true},
				ExpiresAt:      now.AddDate(0, pack.ValidMonths, 0),
			}
			if err := s.loyalty.IssueCredit(ctx, tx, credit); err != nil {
				return fmt.Errorf("issue pack credit: %w", err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return purchase, nil
}
