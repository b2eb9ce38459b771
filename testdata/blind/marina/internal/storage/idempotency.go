package storage

import (
	"context"
	"errors"

	"github.com/jackc/pgx/v5"
)

// IdemRecord is a stored idempotency key and, once the request finished,
// the response that was returned for it.
type IdemRecord struct {
	Scope       string
	Key         string
	RequestHash string
	StatusCode  int
	Body        []byte
}

// Done reports whether a response has been stored for the key.
func (r *IdemRecord) Done() bool { return r != nil && r.StatusCode != 0 }

type IdempotencyRepository interface {
	// Claim inserts the key. It returns claimed=false and the stored record
	// when the key already exists.
	Claim(ctx context.Context, scope, key, requestHash string) (claimed bool, existing *IdemRecord, err error)
	// Complete stores the response for a claimed key.
	Complete(ctx context.Context, scope, key string, statusCode int, body []byte) error
	Get(ctx context.Context, scope, key string) (*IdemRecord, error)
	Save(ctx context.Context, rec IdemRecord) error
}

type idempotencyRepo struct{ q Querier }

func (r *idempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (bool, *IdemRecord, error) {
	tag, err := r.q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return false, nil, err
	}
	if tag.RowsAffected() == 1 {
		return true, nil, nil
	}
	rec, err := r.get(ctx, scope, key, true)
	if err != nil {
		return false, nil, err
	}
	return false, rec, nil
}

func (r *idempotencyRepo) Complete(ctx context.Context, scope, key string, statusCode int, body []byte) error {
	_, err := r.q.Exec(ctx, `
		UPDATE idempotency_keys SET status_code = $3, response_body = $4
		WHERE scope = $1 AND key = $2`, scope, key, statusCode, body)
	return err
}

func (r *idempotencyRepo) Get(ctx context.Context, scope, key string) (*IdemRecord, error) {
	rec, err := r.get(ctx, scope, key, false)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	return rec, err
}

func (r *idempotencyRepo) get(ctx context.Context, scope, key string, lock bool) (*IdemRecord, error) {
	sql := `SELECT scope, key, request_hash, COALESCE(status_code, 0), response_body
	        FROM idempotency_keys WHERE scope = $1 AND key = $2`
	if lock {
		sql += ` FOR UPDATE`
	}
	var rec IdemRecord
	if err := r.q.QueryRow(ctx, sql, scope, key).
		Scan(&rec.Scope, &rec.Key, &rec.RequestHash, &rec.StatusCode, &rec.Body); err != nil {
		return nil, err
	}
	return &rec, nil
}

func (r *idempotencyRepo) Save(ctx context.Context, rec IdemRecord) error {
	_, err := r.q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response_body)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (scope, key) DO UPDATE
		SET status_code = EXCLUDED.status_code, response_body = EXCLUDED.response_body`,
		rec.Scope, rec.Key, rec.RequestHash, rec.StatusCode, rec.Body)
	return err
}
