package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/meridianrail/bookings/internal/domain"
	"github.com/meridianrail/bookings/internal/platform/database"
)

// IdempotencyRepository stores caller-supplied Idempotency-Key values. Claim
// is meant to be called inside the same transaction as the work it guards.
type IdempotencyRepository struct{ base }

// NewIdempotencyRepository builds an IdempotencyRepository.
func NewIdempotencyRepository(db *gorm.DB) *IdempotencyRepository {
	return &IdempotencyRepository{base{db: db}}
}

// Claim inserts the key if absent and returns the (locked) record together
// with whether this call created it.
func (r *IdempotencyRepository) Claim(ctx context.Context, scope, key, requestHash string) (*domain.IdempotencyRecord, bool, error) {
	res := r.conn(ctx).Exec(`
		INSERT INTO idempotency_keys (scope, key, request_hash, status)
		VALUES (?, ?, ?, ?)
		ON CONFLICT (scope, key) DO NOTHING`,
		scope, key, requestHash, domain.IdemStarted)
	if res.Error != nil {
		return nil, false, fmt.Errorf("claim idempotency key: %w", res.Error)
	}
	created := res.RowsAffected == 1

	var rec domain.IdempotencyRecord
	err := r.conn(ctx).Raw(`
		SELECT scope, key, request_hash, status, resource_id, response_code, response_body, created_at, completed_at
		  FROM idempotency_keys
		 WHERE scope = ? AND key = ?
		   FOR UPDATE`, scope, key).Scan(&rec).Error
	if err != nil {
		return nil, false, fmt.Errorf("load idempotency key: %w", err)
	}
	if rec.Key == "" {
		return nil, false, errors.New("idempotency key vanished after claim")
	}
	return &rec, created, nil
}

// Attach records which resource a started key produced.
func (r *IdempotencyRepository) Attach(ctx context.Context, scope, key, resourceID string) error {
	return r.conn(ctx).Exec(`UPDATE idempotency_keys SET resource_id = ? WHERE scope = ? AND key = ?`,
		resourceID, scope, key).Error
}

// Complete stores the response to replay for later requests with this key.
func (r *IdempotencyRepository) Complete(ctx context.Context, scope, key string, code int, body any) error {
	raw, err := json.Marshal(body)
	if err != nil {
		return err
	}
	return r.conn(ctx).Exec(`
		UPDATE idempotency_keys
		   SET status = ?, response_code = ?, response_body = ?, completed_at = ?
		 WHERE scope = ? AND key = ?`,
		domain.IdemCompleted, code, raw, time.Now().UTC(), scope, key).Error
}

// IdempotencyRecords exposes the generic store for simple lookups.
func IdempotencyRecords(db *gorm.DB) database.Store[domain.IdempotencyRecord] {
	return database.NewRepository[domain.IdempotencyRecord](db)
}
