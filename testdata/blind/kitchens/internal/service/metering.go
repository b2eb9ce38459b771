package service

import (
	"context"
	"fmt"
	"math"
	"strings"

	"github.com/google/uuid"

	"github.com/hearthkit/commissary/internal/domain"
	"github.com/hearthkit/commissary/internal/provider/payments"
	"github.com/hearthkit/commissary/internal/repository"
)

// consumerName scopes processed_messages rows for the metering consumer.
const consumerName = "usage-metering"

// MeteringConfig holds per-unit utility prices in cents.
type MeteringConfig struct {
	PricePerKWhCents int64
	PricePerM3Cents  int64
}

type meteringService struct {
	store    repository.Store
	payments Payments
	prices   map[string]int64
	now      Clock
}

// NewMeteringService builds the usage metering service.
func NewMeteringService(store repository.Store, p Payments, cfg MeteringConfig) MeteringService {
	return &meteringService{
		store:    store,
		payments: p,
		prices: map[string]int64{
			"electricity": cfg.PricePerKWhCents,
			"gas":         cfg.PricePerM3Cents,
			"water":       0,
		},
		now: SystemClock,
	}
}

func (s *meteringService) RecordReading(ctx context.Context, r MeterReading) error {
	kind := strings.ToLower(r.Kind)
	if _, ok := s.prices[kind]; !ok {
		return domain.Invalid("kind", "unknown utility "+r.Kind)
	}
	if r.Quantity < 0 || math.IsNaN(r.Quantity) {
		return domain.Invalid("quantity", "must be a non-negative number")
	}
	b, err := s.store.Bookings().GetByMeterSession(ctx, r.SessionID)
	if err != nil {
		return fmt.Errorf("session %s: %w", r.SessionID, err)
	}
	return s.store.Usage().InsertRecord(ctx, &domain.UsageRecord{
		ID:         uuid.NewString(),
		BookingID:  b.ID,
		MeterID:    r.MeterID,
		Kind:       kind,
		Quantity:   r.Quantity,
		Unit:       r.Unit,
		RecordedAt: r.RecordedAt,
		ReceivedAt: s.now(),
	})
}

func (s *meteringService) StartSession(ctx context.Context, messageID string, ss SessionStarted) error {
	return s.store.InTx(ctx, func(tx repository.Store) error {
		first, err := tx.Messages().Claim(ctx, consumerName, messageID)
		if err != nil || !first {
			return err
		}
		ok, err := tx.Bookings().AttachMeterSession(ctx, ss.BookingID, ss.SessionID)
		if err != nil {
			return err
		}
		if !ok {
			return fmt.Errorf("%w: booking %s cannot take meter session %s", domain.ErrInvalidTransition, ss.BookingID, ss.SessionID)
		}
		return nil
	})
}

func (s *meteringService) CloseSession(ctx context.Context, sc SessionClosed) error {
	b, err := s.store.Bookings().GetByMeterSession(ctx, sc.SessionID)
	if err != nil {
		return fmt.Errorf("session %s: %w", sc.SessionID, err)
	}
	totals, err := s.store.Usage().TotalsForBooking(ctx, b.ID)
	if err != nil {
		return err
	}
	var amount int64
	for _, t := range totals {
		amount += int64(math.Round(t.Quantity * float64(s.prices[t.Kind])))
	}
	inv := &domain.UsageInvoice{
		ID:          uuid.NewString(),
		BookingID:   b.ID,
		AmountCents: amount,
		Currency:    b.Currency,
		Status:      "pending",
	}
	if amount == 0 {
		inv.Status = "waived"
	}
	if err := s.store.Usage().InsertInvoice(ctx, inv); err != nil {
		return fmt.Errorf("create usage invoice: %w", err)
	}
	if amount == 0 {
		return nil
	}
	charge, err := s.payments.Charge(ctx, payments.ChargeRequest{
		AmountCents: amount,
		Currency:    b.Currency,
		CustomerID:  b.RenterID,
		Description: "Utility usage for booking " + b.ID,
		Metadata:    map[string]string{"booking_id": b.ID, "kind": "usage", "invoice_id": inv.ID},
	}, payments.WithIdempotencyKey("usage:"+b.ID))
	if err != nil {
		return fmt.Errorf("charge usage: %w", err)
	}
	return s.store.Usage().MarkInvoiceCharged(ctx, inv.ID, charge.ID)
}
