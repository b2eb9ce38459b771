package pgstore

import (
	"context"
)

// StripeEvents remembers which Stripe webhook events were handled.
type StripeEvents struct{}

func NewStripeEvents() *StripeEvents { return &StripeEvents{} }

func (r *StripeEvents) Seen(ctx context.Context, q DBTX, eventID string) (bool, error) {
	var exists bool
	err := q.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`, eventID).Scan(&exists)
	return exists, err
}

func (r *StripeEvents) Record(ctx context.Context, q DBTX, eventID, eventType string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return err
}
