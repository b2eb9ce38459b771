package pg

import (
	"context"
	"encoding/json"

	"github.com/soundledger/royalties/internal/platform/txm"
	"github.com/soundledger/royalties/internal/store"
)

// IdempotencyRepo implements store.Idempotency.
type IdempotencyRepo struct{ base }

// NewIdempotencyRepo returns an IdempotencyRepo.
func NewIdempotencyRepo(db txm.DBTX) *IdempotencyRepo { return &IdempotencyRepo{base{db}} }

var _ store.Idempotency = (*IdempotencyRepo)(nil)

// Claim implements store.Idempotency. Called inside the caller's
// transaction, a concurrent claimant blocks on the primary key until the
// first one commits or rolls back.
func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (store.IdempotencyRecord, bool, error) {
	tag, err := r.conn(ctx).Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return store.IdempotencyRecord{}, false, err
	}
	if tag.RowsAffected() == 1 {
		return store.IdempotencyRecord{Scope: scope, Key: key, RequestHash: requestHash}, true, nil
	}
	rec := store.IdempotencyRecord{Scope: scope, Key: key}
	var status *int
	var body []byte
	err = r.conn(ctx).QueryRow(ctx, `
		SELECT request_hash, response_status, response_body FROM idempotency_keys
		WHERE scope = $1 AND key = $2`, scope, key).Scan(&rec.RequestHash, &status, &body)
	if err != nil {
		return rec, false, err
	}
	if status != nil {
		rec.ResponseStatus = *status
		rec.ResponseBody = body
		rec.Completed = true
	}
	return rec, false, nil
}

// Complete implements store.Idempotency.
func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key string, status int, body json.RawMessage) error {
	_, err := r.conn(ctx).Exec(ctx, `
		UPDATE idempotency_keys SET response_status = $3, response_body = $4
		WHERE scope = $1 AND key = $2`, scope, key, status, []byte(body))
	return err
}
