package store

import (
	"context"

	"github.com/jackc/pgx/v5"

	"github.com/learnloop/tutoring/internal/platform/database"
)

// IdempotencyKeys stores caller supplied idempotency keys together with
// the response that was produced for them.
type IdempotencyKeys interface {
	// Claim inserts (scope, key) inside tx. When the key already exists
	// it returns claimed=false and the stored response.
	Claim(ctx context.Context, tx pgx.Tx, scope, key string) (claimed bool, response []byte, err error)
	Complete(ctx context.Context, tx pgx.Tx, scope, key string, response []byte) error

	// Lookup and Save are the non-transactional variants used by the
	// HTTP response cache.
	Lookup(ctx context.Context, q database.Querier, scope, key string) (status int, body []byte, ok bool, err error)
	Save(ctx context.Context, q database.Querier, scope, key string, status int, body []byte) error
}

type pgIdempotencyKeys struct{}

// NewIdempotencyKeys returns the Postgres idempotency key store.
func NewIdempotencyKeys() *pgIdempotencyKeys { return &pgIdempotencyKeys{} }

func (r *pgIdempotencyKeys) Claim(ctx context.Context, tx pgx.Tx, scope, key string) (bool, []byte, error) {
	tag, err := tx.Exec(ctx, `INSERT INTO idempotency_keys (scope, key) VALUES ($1, $2) ON CONFLICT DO NOTHING`, scope, key)
	if err != nil {
		return false, nil, err
	}
	if tag.RowsAffected() == 1 {
		return true, nil, nil
	}
	var resp []byte
	err = tx.QueryRow(ctx, `SELECT response FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).Scan(&resp)
	return false, resp, err
}

func (r *pgIdempotencyKeys) Complete(ctx context.Context, tx pgx.Tx, scope, key string, response []byte) error {
	_, err := tx.Exec(ctx, `UPDATE idempotency_keys SET response = $3, status_code = 200 WHERE scope = $1 AND key = $2`, scope, key, response)
	return err
}

func (r *pgIdempotencyKeys) Lookup(ctx context.Context, q database.Querier, scope, key string) (int, []byte, bool, error) {
	var (
		status *int
		body   []byte
	)
	err := q.QueryRow(ctx, `SELECT status_code, response FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).Scan(&status, &body)
	if err == pgx.ErrNoRows {
		return 0, nil, false, nil
	}
	if err != nil {
		return 0, nil, false, err
	}
	code := 200
	if status != nil {
		code = *status
	}
	return code, body, true, nil
}

func (r *pgIdempotencyKeys) Save(ctx context.Context, q database.Querier, scope, key string, status int, body []byte) error {
	_, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, status_code, response) VALUES ($1, $2, $3, $4)
		ON CONFLICT (scope, key) DO UPDATE SET status_code = EXCLUDED.status_code, response = EXCLUDED.response`,
		scope, key, status, body)
	return err
}

// StripeEvents records processed Stripe webhook events.
type StripeEvents interface {
	Claim(ctx context.Context, tx pgx.Tx, eventID, eventType string) (bool, error)
}

type pgStripeEvents struct{}

// NewStripeEvents returns the Postgres Stripe event store.
func NewStripeEvents() *pgStripeEvents { return &pgStripeEvents{} }

func (r *pgStripeEvents) Claim(ctx context.Context, tx pgx.Tx, eventID, eventType string) (bool, error) {
	tag, err := tx.Exec(ctx, `
		INSERT INTO processed_stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
