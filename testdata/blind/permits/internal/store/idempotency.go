package store

import (
	"context"
	"fmt"
	"time"

	"github.com/google/uuid"

	"github.com/civicworks/permits/internal/shared/dbx"
)

// IdempotencyRecord is a stored Idempotency-Key and what it produced.
type IdempotencyRecord struct {
	Scope          string
	ResidentID     uuid.UUID
	Key            string
	RequestHash    string
	ResourceID     string
	ResponseStatus int
	ResponseBody   []byte
	CreatedAt      time.Time
}

// IdempotencyRepo stores client-supplied idempotency keys.
type IdempotencyRepo interface {
	// Claim inserts the key and reports whether this call created it. When
	// the key already exists the stored record is returned.
	Claim(ctx context.Context, q dbx.Querier, scope string, residentID uuid.UUID, key, requestHash string) (bool, *IdempotencyRecord, error)
	SetResource(ctx context.Context, q dbx.Querier, scope string, residentID uuid.UUID, key, resourceID string) error
	Lookup(ctx context.Context, q dbx.Querier, scope string, residentID uuid.UUID, key string) (*IdempotencyRecord, error)
	SaveResponse(ctx context.Context, q dbx.Querier, rec *IdempotencyRecord) error
}

type idempotencyRepo struct{}

// NewIdempotencyRepo returns the Postgres IdempotencyRepo.
func NewIdempotencyRepo() IdempotencyRepo { return idempotencyRepo{} }

func (r idempotencyRepo) Claim(ctx context.Context, q dbx.Querier, scope string, residentID uuid.UUID, key, requestHash string) (bool, *IdempotencyRecord, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, resident_id, key, request_hash)
		VALUES ($1, $2, $3, $4)
		ON CONFLICT (scope, resident_id, key) DO NOTHING`, scope, residentID, key, requestHash)
	if err != nil {
		return false, nil, fmt.Errorf("claim idempotency key: %w", err)
	}
	if tag.RowsAffected() == 1 {
		return true, nil, nil
	}
	rec, err := r.lookup(ctx, q, scope, residentID, key, true)
	if err != nil {
		return false, nil, err
	}
	return false, rec, nil
}

func (idempotencyRepo) SetResource(ctx context.Context, q dbx.Querier, scope string, residentID uuid.UUID, key, resourceID string) error {
	_, err := q.Exec(ctx, `
		UPDATE idempotency_keys SET resource_id = $4
		 WHERE scope = $1 AND resident_id = $2 AND key = $3`, scope, residentID, key, resourceID)
	if err != nil {
		return fmt.Errorf("set idempotency resource: %w", err)
	}
	return nil
}

func (r idempotencyRepo) Lookup(ctx context.Context, q dbx.Querier, scope string, residentID uuid.UUID, key string) (*IdempotencyRecord, error) {
	return r.lookup(ctx, q, scope, residentID, key, false)
}

func (idempotencyRepo) lookup(ctx context.Context, q dbx.Querier, scope string, residentID uuid.UUID, key string, lock bool) (*IdempotencyRecord, error) {
	sql := `
		SELECT scope, resident_id, key, request_hash, coalesce(resource_id, ''), coalesce(response_status, 0),
		       response_body, created_at
		  FROM idempotency_keys WHERE scope = $1 AND resident_id = $2 AND key = $3`
	if lock {
		sql += ` FOR UPDATE`
	}
	var rec IdempotencyRecord
	err := q.QueryRow(ctx, sql, scope, residentID, key).Scan(&rec.Scope, &rec.ResidentID, &rec.Key, &rec.RequestHash,
		&rec.ResourceID, &rec.ResponseStatus, &rec.ResponseBody, &rec.CreatedAt)
	if err != nil {
		return nil, dbx.NotFound(err)
	}
	return &rec, nil
}

func (idempotencyRepo) SaveResponse(ctx context.Context, q dbx.Querier, rec *IdempotencyRecord) error {
	_, err := q.Exec(ctx, `
		INSERT INTO idempotency_keys (scope, resident_id, key, request_hash, resource_id, response_status, response_body)
		VALUES ($1, $2, $3, $4, nullif($5, ''), $6, $7)
		ON CONFLICT (scope, resident_id, key) DO UPDATE
		   SET response_status = EXCLUDED.response_status,
		       response_body = EXCLUDED.response_body,
		       resource_id = coalesce(EXCLUDED.resource_id, idempotency_keys.resource_id)`,
		rec.Scope, rec.ResidentID, rec.Key, rec.RequestHash, rec.ResourceID, rec.ResponseStatus, rec.ResponseBody)
	if err != nil {
		return fmt.Errorf("save idempotent response: %w", err)
	}
	return nil
}

// StripeEventRepo remembers processed Stripe webhook events.
type StripeEventRepo interface {
	Claim(ctx context.Context, q dbx.Querier, eventID, eventType string) (bool, error)
}

type stripeEventRepo struct{}

// NewStripeEventRepo returns the Postgres StripeEventRepo.
func NewStripeEventRepo() StripeEventRepo { return stripeEventRepo{} }

func (stripeEventRepo) Claim(ctx context.Context, q dbx.Querier, eventID, eventType string) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO stripe_events (event_id, event_type) VALUES ($1, $2)
		ON CONFLICT (event_id) DO NOTHING`, eventID, eventType)
	if err != nil {
		return false, fmt.Errorf("claim stripe event: %w", err)
	}
	return tag.RowsAffected() == 1, nil
}
