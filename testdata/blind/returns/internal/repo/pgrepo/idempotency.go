package pgrepo

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/northwind-retail/rma/internal/domain"
	"github.com/northwind-retail/rma/internal/repo"
)

type Idempotency struct{}

func NewIdempotency() *Idempotency { return &Idempotency{} }

func (Idempotency) Claim(ctx context.Context, q repo.Q, scope, key, requestHash string) (domain.IdempotencyRecord, bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash)
		VALUES ($1, $2, $3)
		ON CONFLICT (scope, key) DO NOTHING`, scope, key, requestHash)
	if err != nil {
		return domain.IdempotencyRecord{}, false, fmt.Errorf("claim idempotency key: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return domain.IdempotencyRecord{Scope: scope, Key: key, RequestHash: requestHash}, true, nil
	}
	rec, _, err := lookupKey(ctx, q, scope, key, true)
	return rec, false, err
}

func (Idempotency) Complete(ctx context.Context, q repo.Q, scope, key, resourceID string, status int, body []byte) error {
	_, err := q.Exec(ctx, `
		UPDATE idempotency_keys
		SET resource_id = $3, response_status = $4, response_body = $5
		WHERE scope = $1 AND key = $2`, scope, key, resourceID, status, body)
	if err != nil {
		return fmt.Errorf("complete idempotency key: %w", err)
	}
	return nil
}

func (Idempotency) Lookup(ctx context.Context, q repo.Q, scope, key string) (domain.IdempotencyRecord, bool, error) {
	return lookupKey(ctx, q, scope, key, false)
}

func (Idempotency) Save(ctx context.Context, q repo.Q, rec domain.IdempotencyRecord) error {
	_, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, key, request_hash, resource_id, response_status, response_body)
		VALUES ($1, $2, $3, $4, $5, $6)
		ON CONFLICT (scope, key) DO NOTHING`,
		rec.Scope, rec.Key, rec.RequestHash, rec.ResourceID, rec.ResponseStatus, rec.ResponseBody)
	if err != nil {
		return fmt.Errorf("save idempotency key: %w", err)
	}
	return nil
}

func lookupKey(ctx context.Context, q repo.Q, scope, key string, lock bool) (domain.IdempotencyRecord, bool, error) {
	sql := `SELECT scope, key, request_hash, resource_id, response_status, response_body
		FROM idempotency_keys WHERE scope = $1 AND key = $2`
	if lock {
		sql += ` FOR UPDATE`
	}
	var (
		rec    domain.IdempotencyRecord
		status *int
	)
	err := q.QueryRow(ctx, sql, scope, key).Scan(&rec.Scope, &rec.Key, &rec.RequestHash, &rec.ResourceID, &status, &rec.ResponseBody)
	if errors.Is(err, pgx.ErrNoRows) {
		return rec, false, nil
	}
	if err != nil {
		return rec, false, fmt.Errorf("lookup idempotency key: %w", err)
	}
	if status != nil {
		rec.ResponseStatus = *status
		rec.Completed = true
	}
	return rec, true, nil
}
