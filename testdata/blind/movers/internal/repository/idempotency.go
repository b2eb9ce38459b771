package repository

import (
	"context"
	"time"

	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
)

type IdempotencyRepository interface {
	WithTx(tx *gorm.DB) IdempotencyRepository
	// Claim inserts (scope, key). It returns the stored record and false when
	// the key was already claimed.
	Claim(ctx context.Context, scope, key string) (*domain.IdempotencyKey, bool, error)
	Complete(ctx context.Context, scope, key, resourceID string, code int, body []byte) error
	Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyKey, error)
	Save(ctx context.Context, rec *domain.IdempotencyKey) error
}

type idempotencyRepo struct{ db *gorm.DB }

func NewIdempotencyRepository(db *gorm.DB) IdempotencyRepository { return &idempotencyRepo{db: db} }

func (r *idempotencyRepo) WithTx(tx *gorm.DB) IdempotencyRepository { return &idempotencyRepo{db: tx} }

func (r *idempotencyRepo) Claim(ctx context.Context, scope, key string) (*domain.IdempotencyKey, bool, error) {
	rec := &domain.IdempotencyKey{Scope: scope, Key: key, CreatedAt: time.Now().UTC()}
	inserted, err := insertIgnore(ctx, r.db, rec, "scope", "key")
	if err != nil {
		return nil, false, err
	}
	if inserted {
		return rec, true, nil
	}
	existing, err := r.Lookup(ctx, scope, key)
	if err != nil {
		return nil, false, err
	}
	return existing, false, nil
}

func (r *idempotencyRepo) Complete(ctx context.Context, scope, key, resourceID string, code int, body []byte) error {
	return r.db.WithContext(ctx).Model(&domain.IdempotencyKey{}).
		Where("scope = ? AND key = ?", scope, key).
		Updates(map[string]any{"resource_id": resourceID, "response_code": code, "response_body": body}).Error
}

func (r *idempotencyRepo) Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyKey, error) {
	return first[domain.IdempotencyKey](ctx, r.db, "scope = ? AND key = ?", scope, key)
}

func (r *idempotencyRepo) Save(ctx context.Context, rec *domain.IdempotencyKey) error {
	return r.db.WithContext(ctx).Create(rec).Error
}
