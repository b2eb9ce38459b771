package service

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/domain"
	"github.com/brightbay/washclub/internal/gateway/cardprocessor"
	"github.com/brightbay/washclub/internal/platform"
)

const providerTillpoint = "tillpoint"

// PaymentEventService applies Tillpoint webhook events.
type PaymentEventService interface {
	Handle(ctx context.Context, ev *cardprocessor.Event) error
}

type paymentEventService struct {
	db      *sqlx.DB
	events  EventRepository
	charges ChargeRepository
	subs    SubscriptionRepository
	washes  WashRepository
	loyalty LoyaltyRepository
	log     *slog.Logger

	handlers map[string]func(context.Context, *cardprocessor.Event) error
}

// NewPaymentEventService returns the PaymentEventService.
func NewPaymentEventService(db *sqlx.DB, events EventRepository, charges ChargeRepository, subs SubscriptionRepository,
	washes WashRepository, loyalty LoyaltyRepository, log *slog.Logger,
) PaymentEventService {
	s := &paymentEventService{db: db, events: events, charges: charges, subs: subs, washes: washes, loyalty: loyalty, log: log}
	s.handlers = map[string]func(context.Context, *cardprocessor.Event) error{
		cardprocessor.EventChargeSucceeded: s.chargeSucceeded,
		cardprocessor.EventChargeFailed:    s.chargeFailed,
		cardprocessor.EventChargeRefunded:  s.chargeRefunded,
	}
	return s
}

// Handle applies an event once. Deliveries of an event that was already
// applied are acknowledged without doing anything.
func (s *paymentEventService) Handle(ctx context.Context, ev *cardprocessor.Event) error {
	h, ok := s.handlers[ev.Type]
	if !ok {
		return nil
	}
	done, err := s.events.WebhookProcessed(ctx, s.db, providerTillpoint, ev.ID)
	if err != nil {
		return err
	}
	if done {
		return nil
	}
	if err := h(ctx, ev); err != nil {
		return fmt.Errorf("%s %s: %w", ev.Type, ev.ID, err)
	}
	return s.events.MarkWebhookProcessed(ctx, s.db, providerTillpoint, ev.ID, ev.Type)
}

// chargeSucceeded settles a renewal that the processor accepted
// asynchronously and moves the subscription into the paid period.
func (s *paymentEventService) chargeSucceeded(ctx context.Context, ev *cardprocessor.Event) error {
	return platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		charge, ok, err := s.charges.SettleByProcessorID(ctx, tx, ev.Data.ChargeID, domain.ChargeSucceeded, "")
		if err != nil || !ok {
			return err
		}
		return s.subs.AdvancePeriod(ctx, tx, charge.SubscriptionID, charge.PeriodStart, charge.PeriodEnd)
	})
}

// chargeFailed settles a renewal that failed after being accepted.
func (s *paymentEventService) chargeFailed(ctx context.Context, ev *cardprocessor.Event) error {
	return platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		charge, ok, err := s.charges.SettleByProcessorID(ctx, tx, ev.Data.ChargeID, domain.ChargeFailed, ev.Data.FailureCode)
		if err != nil || !ok {
			return err
		}
		_, err = s.subs.MarkPastDue(ctx, tx, charge.SubscriptionID)
		return err
	})
}

// chargeRefunded takes back the points a refunded kiosk wash earned.
func (s *paymentEventService) chargeRefunded(ctx context.Context, ev *cardprocessor.Event) error {
	wash, err := s.washes.GetByCharge(ctx, s.db, ev.Data.ChargeID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if !wash.CustomerID.Valid {
		return nil
	}
	return platform.WithTx(ctx, s.db, func(tx *sqlx.Tx) error {
		earned, err := s.loyalty.EarnedForWash(ctx, tx, wash.ID)
		if err != nil || earned <= 0 {
			return err
		}
		entry := &domain.LedgerEntry{
			ID:         uuid.New(),
			CustomerID: wash.CustomerID.UUID,
			WashID:     uuid.NullUUID{UUID: wash.ID, Valid: true},
			Reason:     domain.LedgerClawback,
			Points:     -earned,
			Reference:  sql.NullString{String: ev.Data.RefundID, Valid: ev.Data.RefundID != ""},
		}
		if err := s.loyalty.InsertLedger(ctx, tx, entry); err != nil {
			return err
		}
		return s.loyalty.Claw(ctx, tx, wash.CustomerID.UUID, earned)
	})
}
