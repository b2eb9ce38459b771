package store

import (
	"context"
	"encoding/json"

	"github.com/jackc/pgx/v5"
)

// IdempotencyRepository stores client-supplied request keys and the
// responses produced for them.
type IdempotencyRepository interface {
	// Claim inserts the key inside tx. It returns claimed=false and the
	// stored record if the key was already present.
	Claim(ctx context.Context, tx pgx.Tx, scope, key, requestHash string) (rec *IdempotencyRecord, claimed bool, err error)
	// Complete stores the response for a claimed key.
	Complete(ctx context.Context, q Querier, scope, key string, status int, body any) error
	// Lookup returns the record for a key, or ErrNotFound.
	Lookup(ctx context.Context, q Querier, scope, key string) (*IdempotencyRecord, error)
	// Remember records a key with its response in one statement.
	Remember(ctx context.Context, q Querier, scope, key string, status int, body any) error
}

type pgIdempotency struct{}

// NewIdempotencyRepository returns the Postgres idempotency key store.
func NewIdempotencyRepository() *pgIdempotency { return &pgIdempotency{} }

func (r *pgIdempotency) Claim(ctx context.Context, tx pgx.Tx, scope, key, requestHash string) (*IdempotencyRecord, bool, error) {
	tag, err := tx.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return nil, false, err
	}
	if tag.RowsAffected() == 1 {
		return &IdempotencyRecord{Scope: scope, Key: key, RequestHash: requestHash}, true, nil
	}
	var rec IdempotencyRecord
	err = tx.QueryRow(ctx, `
		SELECT scope, key, request_hash, status_code, response_body
		FROM idempotency_keys WHERE scope = $1 AND key = $2 FOR UPDATE`, scope, key).
		Scan(&rec.Scope, &rec.Key, &rec.RequestHash, &rec.StatusCode, &rec.ResponseBody)
	if err != nil {
		return nil, false, mapErr(err)
	}
	return &rec, false, nil
}

func (r *pgIdempotency) Complete(ctx context.Context, q Querier, scope, key string, status int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `
		UPDATE idempotency_keys SET status_code = $3, response_body = $4, completed_at = now()
		WHERE scope = $1 AND key = $2`, scope, key, status, raw)
	return err
}

func (r *pgIdempotency) Lookup(ctx context.Context, q Querier, scope, key string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := q.QueryRow(ctx, `
		SELECT scope, key, request_hash, status_code, response_body
		FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key).
		Scan(&rec.Scope, &rec.Key, &rec.RequestHash, &rec.StatusCode, &rec.ResponseBody)
	if err != nil {
		return nil, mapErr(err)
	}
	return &rec, nil
}

func (r *pgIdempotency) Remember(ctx context.Context, q Querier, scope, key string, status int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body, completed_at)
		VALUES ($1, $2, '', $3, $4, now())
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, status, raw)
	return err
}
