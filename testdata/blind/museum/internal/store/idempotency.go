package store

import (
	"context"
	"errors"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
)

type IdempotencyRepo struct {
	db database.Conner
}

func NewIdempotencyRepo(db database.Conner) *IdempotencyRepo {
	return &IdempotencyRepo{db: db}
}

// Claim records (scope, key) -> resourceID. When the key was claimed before,
// it returns the resource recorded by the earlier request and claimed=false.
// Call it inside the transaction that creates the resource.
func (r *IdempotencyRepo) Claim(ctx context.Context, scope, key, resourceID string) (existing string, claimed bool, err error) {
	row := models.IdempotencyKey{Scope: scope, Key: key, ResourceID: resourceID}
	res := r.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if res.Error != nil {
		return "", false, res.Error
	}
	if res.RowsAffected == 1 {
		return resourceID, true, nil
	}
	var prior models.IdempotencyKey
	if err := r.db.Conn(ctx).Where("scope = ? AND key = ?", scope, key).Take(&prior).Error; err != nil {
		return "", false, err
	}
	return prior.ResourceID, false, nil
}

// Lookup implements cqrs.KeyStore.
func (r *IdempotencyRepo) Lookup(ctx context.Context, scope, key string) (string, bool, error) {
	var row models.IdempotencyKey
	err := r.db.Conn(ctx).Where("scope = ? AND key = ?", scope, key).Take(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", false, nil
	}
	if err != nil {
		return "", false, err
	}
	return row.ResourceID, true, nil
}

// Remember implements cqrs.KeyStore.
func (r *IdempotencyRepo) Remember(ctx context.Context, scope, key, resourceID string) error {
	row := models.IdempotencyKey{Scope: scope, Key: key, ResourceID: resourceID}
	return r.db.Conn(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error
}
