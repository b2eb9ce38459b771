package store

import (
	"context"
	"encoding/json"

	"github.com/jmoiron/sqlx"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/queries"
)

// IdempotencyRepo stores API idempotency keys and processed message keys.
type IdempotencyRepo struct {
	db *sqlx.DB
}

// Claim reserves (merchant, key) inside tx; false if it already existed.
func (r *IdempotencyRepo) Claim(ctx context.Context, tx *sqlx.Tx, merchantID, key, hash string) (bool, error) {
	n, err := db.Exec(ctx, tx, queries.ClaimIdempotencyKey, merchantID, key, hash)
	return n == 1, err
}

// Lookup returns the stored record for (merchant, key).
func (r *IdempotencyRepo) Lookup(ctx context.Context, q db.Queryer, merchantID, key string) (domain.IdempotencyRecord, error) {
	rec, err := db.Get[domain.IdempotencyRecord](ctx, q, queries.GetIdempotencyKey, merchantID, key)
	return rec, notFound(err)
}

// SaveResponse stores the response for a claimed key.
func (r *IdempotencyRepo) SaveResponse(ctx context.Context, q db.Queryer, merchantID, key string, code int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = db.Exec(ctx, q, queries.SaveIdempotentResponse, merchantID, key, code, raw)
	return err
}

// Remember stores a completed response for (merchant, key).
func (r *IdempotencyRepo) Remember(ctx context.Context, merchantID, key, hash string, code int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = db.Exec(ctx, r.db, queries.InsertIdempotencyRecord, merchantID, key, hash, code, raw)
	return err
}

// Processed reports whether consumer already handled messageKey.
func (r *IdempotencyRepo) Processed(ctx context.Context, consumer, messageKey string) (bool, error) {
	return db.Get[bool](ctx, r.db, queries.IsMessageProcessed, consumer, messageKey)
}

// MarkProcessed records that consumer handled messageKey.
func (r *IdempotencyRepo) MarkProcessed(ctx context.Context, consumer, messageKey string) error {
	_, err := db.Exec(ctx, r.db, queries.MarkMessageProcessed, consumer, messageKey)
	return err
}

// DB exposes the pool for callers composing their own transactions.
func (r *IdempotencyRepo) DB() *sqlx.DB { return r.db }
