package repository

import (
	"context"

	"github.com/jmoiron/sqlx"
)

// StripeEventRepo remembers which Stripe events have been handled.
type StripeEventRepo struct {
	db *sqlx.DB
}

func NewStripeEventRepo(db *sqlx.DB) *StripeEventRepo { return &StripeEventRepo{db: db} }

func (r *StripeEventRepo) IsProcessed(ctx context.Context, eventID string) (bool, error) {
	var seen bool
	err := r.db.GetContext(ctx, &seen, `SELECT EXISTS (SELECT 1 FROM stripe_events WHERE event_id = $1)`, eventID)
	return seen, err
}

func (r *StripeEventRepo) MarkProcessed(ctx context.Context, eventID, eventType string) error {
	_, err := r.db.ExecContext(ctx,
		`INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2) ON CONFLICT (event_id) DO NOTHING`,
		eventID, eventType)
	return err
}

// IdempotencyRepo stores replayable HTTP responses keyed by client key.
type IdempotencyRepo struct {
	db *sqlx.DB
}

func NewIdempotencyRepo(db *sqlx.DB) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

type StoredResponse struct {
	Scope       string `db:"scope"`
	Key         string `db:"key"`
	RequestHash string `db:"request_hash"`
	Status      int    `db:"response_status"`
	Body        []byte `db:"response_body"`
}

func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) (StoredResponse, bool, error) {
	row, err := getOne[StoredResponse](ctx, r.db,
		`SELECT scope, key, request_hash, response_status, response_body
		   FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	if err != nil {
		if isNotFound(err) {
			return row, false, nil
		}
		return row, false, err
	}
	return row, true, nil
}

func (r *IdempotencyRepo) Save(ctx context.Context, s StoredResponse) error {
	_, err := r.db.ExecContext(ctx,
		`INSERT INTO idempotency_keys (scope, key, request_hash, response_status, response_body)
		 VALUES ($1, $2, $3, $4, $5)
		 ON CONFLICT (scope, key) DO NOTHING`, s.Scope, s.Key, s.RequestHash, s.Status, s.Body)
	return err
}
