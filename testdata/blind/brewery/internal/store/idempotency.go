package store

import (
	"context"
	"encoding/json"
	"fmt"
)

// IdempotencyRepo stores client-supplied Idempotency-Key values together with
// the response that was returned for them.
type IdempotencyRepo struct{}

// NewIdempotencyRepo constructs an IdempotencyRepo.
func NewIdempotencyRepo() *IdempotencyRepo { return &IdempotencyRepo{} }

// StoredResponse is a previously recorded response for a key.
type StoredResponse struct {
	RequestHash string
	Status      int
	Body        json.RawMessage
}

// Claim records (scope, key) if it is new. It returns claimed=false when the
// key was already present, in which case the stored response is returned.
// Must be called on the same transaction as the work the key protects.
func (r *IdempotencyRepo) Claim(ctx context.Context, q Querier, scope, key, requestHash string) (bool, *StoredResponse, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash) VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return false, nil, fmt.Errorf("claim idempotency key: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return true, nil, nil
	}
	var sr StoredResponse
	var status *int
	err = q.QueryRow(ctx, `
		SELECT request_hash, response_status, response_body FROM idempotency_keys
		 WHERE scope = $1 AND key = $2 FOR UPDATE`, scope, key).Scan(&sr.RequestHash, &status, &sr.Body)
	if err != nil {
		return false, nil, fmt.Errorf("load idempotency key: %w", err)
	}
	if status != nil {
		sr.Status = *status
	}
	return false, &sr, nil
}

// SaveResponse attaches the response to a claimed key.
func (r *IdempotencyRepo) SaveResponse(ctx context.Context, q Querier, scope, key string, status int, body any) error {
	b, err := json.Marshal(body)
	if err != nil {
		return err
	}
	_, err = q.Exec(ctx, `
		UPDATE idempotency_keys SET response_status = $3, response_body = $4
		 WHERE scope = $1 AND key = $2`, scope, key, status, b)
	return err
}
