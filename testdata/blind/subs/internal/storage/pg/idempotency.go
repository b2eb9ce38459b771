package pg

import (
	"context"

	"github.com/jmoiron/sqlx"

	"github.com/meterly/subs/internal/billing"
)

type IdempotencyRepo struct{ db sqlx.ExtContext }

func NewIdempotencyRepo(db sqlx.ExtContext) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

func (r *IdempotencyRepo) WithTx(tx sqlx.ExtContext) billing.IdempotencyRepository {
	return &IdempotencyRepo{db: tx}
}

const idemCols = `scope, key, request_hash, resource_id, response_code, response_body, completed_at, created_at`

func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (billing.IdempotencyRecord, error) {
	if _, err := r.db.ExecContext(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash); err != nil {
		return billing.IdempotencyRecord{}, mapErr("idempotency.claim", err)
	}
	var rec billing.IdempotencyRecord
	err := sqlx.GetContext(ctx, r.db, &rec, `
		SELECT `+idemCols+` FROM idempotency_keys WHERE scope = $1 AND key = $2 FOR UPDATE`, scope, key)
	if err != nil {
		return rec, mapErr("idempotency.claim.select", err)
	}
	if rec.RequestHash != requestHash {
		return rec, billing.ErrIdempotencyReuse
	}
	return rec, nil
}

func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) (billing.IdempotencyRecord, error) {
	var rec billing.IdempotencyRecord
	err := sqlx.GetContext(ctx, r.db, &rec, `
		SELECT `+idemCols+` FROM idempotency_keys WHERE scope = $1 AND key = $2`, scope, key)
	return rec, mapErr("idempotency.lookup", err)
}

func (r *IdempotencyRepo) AttachResource(ctx context.Context, scope, key, resourceID string) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE idempotency_keys SET resource_id = $3 WHERE scope = $1 AND key = $2`, scope, key, resourceID)
	if err != nil {
		return mapErr("idempotency.attach", err)
	}
	return expectOne("idempotency.attach", res)
}

func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key string, code int, body []byte) error {
	res, err := r.db.ExecContext(ctx, `
		UPDATE idempotency_keys SET response_code = $3, response_body = $4, completed_at = now()
		 WHERE scope = $1 AND key = $2`, scope, key, code, body)
	if err != nil {
		return mapErr("idempotency.complete", err)
	}
	return expectOne("idempotency.complete", res)
}

// Save upserts a finished record in one statement.
func (r *IdempotencyRepo) Save(ctx context.Context, rec billing.IdempotencyRecord) error {
	_, err := sqlx.NamedExecContext(ctx, r.db, `
		INSERT INTO idempotency_keys (scope, key, request_hash, response_code, response_body, completed_at)
		VALUES (:scope, :key, :request_hash, :response_code, :response_body, now())
		ON CONFLICT (scope, key) DO UPDATE
		   SET response_code = EXCLUDED.response_code,
		       response_body = EXCLUDED.response_body,
		       completed_at = EXCLUDED.completed_at`, rec)
	return mapErr("idempotency.save", err)
}
