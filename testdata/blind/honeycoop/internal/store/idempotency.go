package store

import (
	"context"
	"errors"

	"gorm.io/gorm"
)

// IdempotencyRepo stores responses of requests that carried an
// Idempotency-Key header.
type IdempotencyRepo struct {
	db *DB
}

func NewIdempotencyRepo(db *DB) *IdempotencyRepo { return &IdempotencyRepo{db: db} }

// Find returns the stored response, or nil if the key is unknown.
func (r *IdempotencyRepo) Find(ctx context.Context, scope, key string) (*IdempotencyRecord, error) {
	var rec IdempotencyRecord
	err := r.db.Gorm().WithContext(ctx).Where("scope = ? AND key = ?", scope, key).Take(&rec).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

func (r *IdempotencyRepo) Save(ctx context.Context, rec *IdempotencyRecord) error {
	return r.db.Gorm().WithContext(ctx).Create(rec).Error
}
