package billing

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/stripe/stripe-go/v82"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
)

// StripeEventProcessor applies verified Stripe webhook events.
type StripeEventProcessor interface {
	Process(ctx context.Context, ev stripe.Event) error
}

type eventHandler func(ctx context.Context, tx *gorm.DB, ev stripe.Event) error

type stripeEvents struct {
	db       *gorm.DB
	handlers map[stripe.EventType]eventHandler
}

// NewStripeEventProcessor wires the processor with its handler table.
func NewStripeEventProcessor(db *gorm.DB) StripeEventProcessor {
	p := &stripeEvents{db: db}
	p.handlers = map[stripe.EventType]eventHandler{
		stripe.EventTypePaymentIntentSucceeded: p.depositSucceeded,
		stripe.EventTypeChargeRefunded:         p.chargeRefunded,
	}
	return p
}

func (p *stripeEvents) Process(ctx context.Context, ev stripe.Event) error {
	h, ok := p.handlers[ev.Type]
	if !ok {
		return nil
	}
	return database.Transact(ctx, p.db, func(tx *gorm.DB) error {
		res := tx.Clauses(clause.OnConflict{Columns: []clause.Column{{Name: "event_id"}}, DoNothing: true}).
			Create(&models.ProcessedStripeEvent{EventID: ev.ID, Type: string(ev.Type)})
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return h(ctx, tx, ev)
	})
}

func decodeObject[T any](ev stripe.Event) (T, error) {
	var v T
	if ev.Data == nil {
		return v, fmt.Errorf("event %s has no data", ev.ID)
	}
	if err := json.Unmarshal(ev.Data.Raw, &v); err != nil {
		return v, fmt.Errorf("decode %s: %w", ev.Type, err)
	}
	return v, nil
}

// Deposits are normally confirmed synchronously; 3DS and bank-side delays
// finish here instead.
func (p *stripeEvents) depositSucceeded(ctx context.Context, tx *gorm.DB, ev stripe.Event) error {
	pi, err := decodeObject[stripe.PaymentIntent](ev)
	if err != nil {
		return err
	}
	now := time.Now().UTC()
	res := tx.Model(&models.Deposit{}).
		Where("payment_intent_id = ? AND status = ?", pi.ID, models.DepositPending).
		Updates(map[string]any{"status": models.DepositSucceeded, "updated_at": now})
	if res.Error != nil || res.RowsAffected == 0 {
		return res.Error
	}
	return tx.Model(&models.Appointment{}).
		Where("id = (SELECT appointment_id FROM deposits WHERE payment_intent_id = ?) AND status = ?",
			pi.ID, models.AppointmentPendingDeposit).
		Updates(map[string]any{"status": models.AppointmentBooked, "updated_at": now}).Error
}

// chargeRefunded mirrors Stripe's running refund total onto the deposit.
func (p *stripeEvents) chargeRefunded(ctx context.Context, tx *gorm.DB, ev stripe.Event) error {
	ch, err := decodeObject[stripe.Charge](ev)
	if err != nil {
		return err
	}
	if ch.PaymentIntent == nil {
		return nil
	}
	status := models.DepositPartiallyRefunded
	if ch.Refunded {
		status = models.DepositRefunded
	}
	return tx.Model(&models.Deposit{}).
		Where("payment_intent_id = ?", ch.PaymentIntent.ID).
		Updates(map[string]any{"refunded_cents": ch.AmountRefunded, "status": status, "updated_at": time.Now().UTC()}).Error
}
