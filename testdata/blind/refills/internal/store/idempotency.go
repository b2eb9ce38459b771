package store

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/scriptline/refills/internal/domain"
)

// IdempotencyRepo stores caller-supplied idempotency keys.
type IdempotencyRepo struct {
	*Repository[domain.IdempotencyKey]
}

func NewIdempotencyRepo(db *gorm.DB) *IdempotencyRepo {
	return &IdempotencyRepo{Repository: NewRepository[domain.IdempotencyKey](db)}
}

// Claim reserves (scope, key). If the key was already reserved it returns
// the existing record and false; a different request hash on the same key
// is ErrIdempotencyMismatch. Inside a unit of work a concurrent claimant
// blocks on the primary key until the first transaction finishes.
func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key, requestHash string) (bool, *domain.IdempotencyKey, error) {
	rec := &domain.IdempotencyKey{Scope: scope, Key: key, RequestHash: requestHash, CreatedAt: time.Now().UTC()}
	inserted, err := r.CreateIgnoreConflict(ctx, rec, "scope", "key")
	if err != nil || inserted {
		return inserted, rec, err
	}
	existing, err := r.Lookup(ctx, scope, key)
	if err != nil {
		return false, nil, err
	}
	if existing.RequestHash != "" && requestHash != "" && existing.RequestHash != requestHash {
		return false, existing, domain.ErrIdempotencyMismatch
	}
	return false, existing, nil
}

// Complete records the resource created under a claimed key.
func (r *IdempotencyRepo) Complete(ctx context.Context, scope, key, resourceID string, status int) error {
	res := r.Conn(ctx).Model(&domain.IdempotencyKey{}).
		Where("scope = ? AND key = ?", scope, key).
		Updates(map[string]any{"resource_id": resourceID, "status_code": status})
	return translate(res.Error)
}

func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyKey, error) {
	return r.FindOne(ctx, "scope = ? AND key = ?", scope, key)
}

// SaveResponse stores a complete response for replay.
func (r *IdempotencyRepo) SaveResponse(ctx context.Context, rec *domain.IdempotencyKey) error {
	return translate(r.Conn(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "scope"}, {Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"status_code", "response_body", "request_hash"}),
	}).Create(rec).Error)
}
