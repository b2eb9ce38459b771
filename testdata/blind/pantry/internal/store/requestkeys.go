package store

import (
	"context"
	"fmt"

	"github.com/pantryco/fulfilment/internal/platform/pg"
)

// RequestKeyRepo stores caller-supplied idempotency keys of the customer API.
type RequestKeyRepo struct {
	db pg.DBTX
}

// NewRequestKeyRepo builds a RequestKeyRepo.
func NewRequestKeyRepo(db pg.DBTX) *RequestKeyRepo { return &RequestKeyRepo{db: db} }

// Claim records (scope, key). It returns false when the key was already
// claimed, in which case the caller should replay the stored result.
func (r *RequestKeyRepo) Claim(ctx context.Context, scope, key, requestHash string) (bool, error) {
	tag, err := conn(ctx, r.db).Exec(ctx, `
		INSERT INTO request_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return false, fmt.Errorf("claim request key: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}

// Lookup returns the stored hash and result reference of a claimed key.
func (r *RequestKeyRepo) Lookup(ctx context.Context, scope, key string) (hash string, resultRef string, err error) {
	var ref *string
	err = conn(ctx, r.db).QueryRow(ctx, `
		SELECT request_hash, result_ref FROM request_keys WHERE scope = $1 AND key = $2`,
		scope, key).Scan(&hash, &ref)
	if err != nil {
		return "", "", fmt.Errorf("lookup request key: %w", pg.NotFound(err))
	}
	if ref != nil {
		resultRef = *ref
	}
	return hash, resultRef, nil
}

// SetResult attaches the result reference to a claimed key.
func (r *RequestKeyRepo) SetResult(ctx context.Context, scope, key, resultRef string) error {
	_, err := conn(ctx, r.db).Exec(ctx, `
		UPDATE request_keys SET result_ref = $3 WHERE scope = $1 AND key = $2`, scope, key, resultRef)
	return err
}
