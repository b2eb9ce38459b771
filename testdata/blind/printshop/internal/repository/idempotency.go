package repository

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/inkloop/printshop/internal/model"
)

type idempotencyRepo struct{ db *gorm.DB }

func NewIdempotencyRepository(db *gorm.DB) IdempotencyRepository { return &idempotencyRepo{db: db} }

func (r *idempotencyRepo) WithTx(tx *gorm.DB) IdempotencyRepository { return &idempotencyRepo{db: tx} }

func (r *idempotencyRepo) Claim(ctx context.Context, k *model.IdempotencyKey) (bool, error) {
	res := r.db.WithContext(ctx).
		Clauses(clause.OnConflict{DoNothing: true}).
		Create(k)
	if res.Error != nil {
		return false, res.Error
	}
	return res.RowsAffected == 1, nil
}

func (r *idempotencyRepo) Get(ctx context.Context, scope, merchantID, key string) (*model.IdempotencyKey, error) {
	var k model.IdempotencyKey
	err := r.db.WithContext(ctx).
		Where("scope = ? AND merchant_id = ? AND key = ?", scope, merchantID, key).
		First(&k).Error
	if err != nil {
		return nil, notFound(err)
	}
	return &k, nil
}

func (r *idempotencyRepo) Save(ctx context.Context, k *model.IdempotencyKey) error {
	return r.db.WithContext(ctx).Create(k).Error
}

func (r *idempotencyRepo) Complete(ctx context.Context, scope, merchantID, key, resourceID string, code int, body []byte) error {
	return r.db.WithContext(ctx).Model(&model.IdempotencyKey{}).
		Where("scope = ? AND merchant_id = ? AND key = ?", scope, merchantID, key).
		Updates(map[string]any{
			"resource_id":   resourceID,
			"response_code": code,
			"response_body": body,
		}).Error
}
