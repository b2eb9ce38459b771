package repo

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/jackc/pgx/v5"

	"github.com/keystone-pm/rent/internal/db"
)

// ErrKeyReuse means an Idempotency-Key was replayed with a different body.
var ErrKeyReuse = errors.New("idempotency key reused with a different request")

// IdempotencyStore persists HTTP idempotency keys.
type IdempotencyStore interface {
	Claim(ctx context.Context, q db.Querier, scope, key, hash string) (rec *IdempotencyRecord, fresh bool, err error)
	Lookup(ctx context.Context, q db.Querier, scope, key string) (*IdempotencyRecord, error)
	AttachResource(ctx context.Context, q db.Querier, scope, key, resourceID string) error
	Complete(ctx context.Context, q db.Querier, scope, key string, status int, body any) error
	Save(ctx context.Context, q db.Querier, scope, key, hash, resourceID string, status int, body any) error
}

type IdempotencyRepo struct{}

func NewIdempotencyRepo() *IdempotencyRepo { return &IdempotencyRepo{} }

const idemColumns = `scope, key, request_hash, resource_id, status_code, response, created_at, completed_at`

// Claim inserts the key. fresh is true when this call created it; otherwise
// the stored record is returned so the caller can replay.
func (r *IdempotencyRepo) Claim(ctx context.Context, q db.Querier, scope, key, hash string) (*IdempotencyRecord, bool, error) {
	rows, err := q.Query(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING
		RETURNING `+idemColumns, scope, key, hash)
	if err != nil {
		return nil, false, err
	}
	rec, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[IdempotencyRecord])
	if err == nil {
		return rec, true, nil
	}
	if !db.IsNoRows(err) {
		return nil, false, err
	}
	existing, err := r.lockExisting(ctx, q, scope, key)
	if err != nil {
		return nil, false, err
	}
	if existing.RequestHash != hash {
		return existing, false, ErrKeyReuse
	}
	return existing, false, nil
}

func (r *IdempotencyRepo) lockExisting(ctx context.Context, q db.Querier, scope, key string) (*IdempotencyRecord, error) {
	rows, err := q.Query(ctx, `SELECT `+idemColumns+` FROM idempotency_keys WHERE scope = $1 AND key = $2 FOR UPDATE`,
		scope, key)
	if err != nil {
		return nil, err
	}
	return pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[IdempotencyRecord])
}

// Lookup returns the stored record or ErrNotFound.
func (r *IdempotencyRepo) Lookup(ctx context.Context, q db.Querier, scope, key string) (*IdempotencyRecord, error) {
	rows, err := q.Query(ctx, `SELECT `+idemColumns+` FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	if err != nil {
		return nil, err
	}
	rec, err := pgx.CollectExactlyOneRow(rows, pgx.RowToAddrOfStructByName[IdempotencyRecord])
	if db.IsNoRows(err) {
		return nil, ErrNotFound
	}
	return rec, err
}

func (r *IdempotencyRepo) AttachResource(ctx context.Context, q db.Querier, scope, key, resourceID string) error {
	_, err := q.Exec(ctx, `UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2`,
		scope, key, resourceID)
	return err
}

func (r *IdempotencyRepo) Complete(ctx context.Context, q db.Querier, scope, key string, status int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `
		UPDATE idempotency_keys SET status_code = $3, response = $4, completed_at = now()
		WHERE scope = $1 AND key = $2`, scope, key, status, raw)
	return err
}

// Save records a finished request in one statement.
func (r *IdempotencyRepo) Save(ctx context.Context, q db.Querier, scope, key, hash, resourceID string, status int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, status_code, response, completed_at)
		VALUES ($1, $2, $3, $4, $5, $6, now())
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, hash, resourceID, status, raw)
	return err
}
