package store

import (
	"context"

	"github.com/jackc/pgx/v5"
)

// Inbox records webhook events from Stripe and the courier partner that
// have been applied.
type Inbox interface {
	// ClaimStripe inserts the event inside tx and reports whether it is new.
	ClaimStripe(ctx context.Context, tx pgx.Tx, eventID, eventType string) (bool, error)
	SeenStripe(ctx context.Context, q Querier, eventID string) (bool, error)
	MarkStripe(ctx context.Context, q Querier, eventID, eventType string) error

	ClaimCourier(ctx context.Context, q Querier, eventID, deliveryID, eventType string) (bool, error)
	SeenCourier(ctx context.Context, q Querier, eventID string) (bool, error)
}

type pgInbox struct{}

// NewInbox returns the Postgres webhook inbox.
func NewInbox() *pgInbox { return &pgInbox{} }

func (r *pgInbox) ClaimStripe(ctx context.Context, tx pgx.Tx, eventID, eventType string) (bool, error) {
	tag, err := tx.Exec(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgInbox) SeenStripe(ctx context.Context, q Querier, eventID string) (bool, error) {
	var seen bool
	err := q.QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`, eventID).Scan(&seen)
	return seen, err
}

func (r *pgInbox) MarkStripe(ctx context.Context, q Querier, eventID, eventType string) error {
	_, err := q.Exec(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	return err
}

func (r *pgInbox) ClaimCourier(ctx context.Context, q Querier, eventID, deliveryID, eventType string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO courier_events (event_id, delivery_id, event_type) VALUES ($1, $2, $3)
		ON CONFLICT (event_id) DO NOTHING`, eventID, deliveryID, eventType)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (r *pgInbox) SeenCourier(ctx context.Context, q Querier, eventID string) (bool, error) {
	var seen bool
	err := q.QueryRow(ctx,
		`SELECT EXISTS (SELECT 1 FROM courier_events WHERE event_id = $1)`, eventID).Scan(&seen)
	return seen, err
}
