package store

import (
	"context"
	"time"
)

// IdemRecord is a stored idempotency key.
type IdemRecord struct {
	Scope          string    `db:"scope"`
	Key            string    `db:"key"`
	Fingerprint    string    `db:"fingerprint"`
	ResourceID     *string   `db:"resource_id"`
	ResponseStatus *int      `db:"response_status"`
	ResponseBody   []byte    `db:"response_body"`
	CreatedAt      time.Time `db:"created_at"`
}

// IdempotencyKeys stores client-supplied request keys.
type IdempotencyKeys interface {
	// Claim inserts the key; inserted is false when it already existed, in
	// which case the existing record is returned.
	Claim(ctx context.Context, q Querier, scope, key, fingerprint string) (IdemRecord, bool, error)
	SetResource(ctx context.Context, q Querier, scope, key, resourceID string) error
	Get(ctx context.Context, q Querier, scope, key string) (IdemRecord, error)
	SaveResponse(ctx context.Context, q Querier, scope, key, fingerprint string, status int, body []byte) error
}

type idemRepo struct{}

// NewIdempotencyKeys returns the Postgres idempotency key repository.
func NewIdempotencyKeys() IdempotencyKeys { return idemRepo{} }

const idemCols = `scope, key, fingerprint, resource_id, response_status, response_body, created_at`

func (idemRepo) Claim(ctx context.Context, q Querier, scope, key, fingerprint string) (IdemRecord, bool, error) {
	rec, err := one[IdemRecord](q.Query(ctx, `
		INSERT INTO idempotency_keys (scope, key, fingerprint)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING
		RETURNING `+idemCols, scope, key, fingerprint))
	if err == nil {
		return rec, true, nil
	}
	if err != ErrNotFound {
		return IdemRecord{}, false, err
	}
	rec, err = one[IdemRecord](q.Query(ctx,
		`SELECT `+idemCols+` FROM idempotency_keys WHERE scope = $1 AND key = $2 FOR UPDATE`, scope, key))
	return rec, false, err
}

func (idemRepo) SetResource(ctx context.Context, q Querier, scope, key, resourceID string) error {
	_, err := q.Exec(ctx,
		`UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2`, scope, key, resourceID)
	return err
}

func (idemRepo) Get(ctx context.Context, q Querier, scope, key string) (IdemRecord, error) {
	return one[IdemRecord](q.Query(ctx,
		`SELECT `+idemCols+` FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key))
}

func (idemRepo) SaveResponse(ctx context.Context, q Querier, scope, key, fingerprint string, status int, body []byte) error {
	_, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, fingerprint, response_status, response_body)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT (scope, key) DO UPDATE
		   SET response_status = EXCLUDED.response_status,
		       response_body = EXCLUDED.response_body`,
		scope, key, fingerprint, status, body)
	return err
}
