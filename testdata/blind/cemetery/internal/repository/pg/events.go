package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/hollowpine-memorial/plotkeeper/internal/domain"
)

type StripeEvents struct {
	store[domain.PaymentEvent]
}

func NewStripeEvents(db *sqlx.DB) *StripeEvents {
	return &StripeEvents{newStore[domain.PaymentEvent](db, "stripe_events")}
}

func (r *StripeEvents) Claim(ctx context.Context, eventID, eventType string) (bool, error) {
	n, err := r.exec(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return n == 1, err
}

func (r *StripeEvents) AppendPaymentEvent(ctx context.Context, e domain.PaymentEvent) error {
	return r.insert(ctx, `
		INSERT INTO payment_events (id, stripe_event_id, payment_intent_id, kind, amount_cents, recorded_at)
		VALUES (:id, :stripe_event_id, :payment_intent_id, :kind, :amount_cents, :recorded_at)`, e)
}

type SMSDeliveries struct {
	store[domain.SMSDelivery]
}

func NewSMSDeliveries(db *sqlx.DB) *SMSDeliveries {
	return &SMSDeliveries{newStore[domain.SMSDelivery](db, "sms_deliveries")}
}

func (r *SMSDeliveries) Exists(ctx context.Context, dedupKey, contactID string) (bool, error) {
	var ok bool
	err := r.q(ctx).GetContext(ctx, &ok, `
		SELECT EXISTS (SELECT 1 FROM sms_deliveries WHERE dedup_key = $1 AND contact_id = $2)`,
		dedupKey, contactID)
	return ok, err
}

func (r *SMSDeliveries) Insert(ctx context.Context, d domain.SMSDelivery) error {
	_, err := r.exec(ctx, `
		INSERT INTO sms_deliveries (dedup_key, contact_id, provider_message_id, delivered_at)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (dedup_key, contact_id) DO NOTHING`,
		d.DedupKey, d.ContactID, d.ProviderMessageID, d.DeliveredAt)
	return err
}
