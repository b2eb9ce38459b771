package store

import (
	"context"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

type IdempotencyStore interface {
	// Claim inserts the key; when it already exists the stored record is
	// returned with claimed=false.
	Claim(ctx context.Context, rec *IdempotencyKey) (stored *IdempotencyKey, claimed bool, err error)
	Complete(ctx context.Context, customerID uuid.UUID, scope, key, resourceID string, status int, body []byte) error
	Lookup(ctx context.Context, customerID uuid.UUID, scope, key string) (*IdempotencyKey, error)
	Save(ctx context.Context, rec *IdempotencyKey) error
}

type gormIdem struct{ db *gorm.DB }

func (r *gormIdem) Claim(ctx context.Context, rec *IdempotencyKey) (*IdempotencyKey, bool, error) {
	db := r.db.WithContext(ctx)
	res := db.Clauses(clause.OnConflict{DoNothing: true}).Create(rec)
	if res.Error != nil {
		return nil, false, res.Error
	}
	if res.RowsAffected == 1 {
		return rec, true, nil
	}
	var stored IdempotencyKey
	err := db.First(&stored, "customer_id = ? AND scope = ? AND key = ?", rec.CustomerID, rec.Scope, rec.Key).Error
	return &stored, false, translate(err)
}

func (r *gormIdem) Complete(ctx context.Context, customerID uuid.UUID, scope, key, resourceID string, status int, body []byte) error {
	return r.db.WithContext(ctx).Model(&IdempotencyKey{}).
		Where("customer_id = ? AND scope = ? AND key = ?", customerID, scope, key).
		Updates(map[string]any{
			"resource_id":   resourceID,
			"status_code":   status,
			"response_body": body,
		}).Error
}

func (r *gormIdem) Lookup(ctx context.Context, customerID uuid.UUID, scope, key string) (*IdempotencyKey, error) {
	var rec IdempotencyKey
	err := r.db.WithContext(ctx).
		First(&rec, "customer_id = ? AND scope = ? AND key = ?", customerID, scope, key).Error
	return &rec, translate(err)
}

func (r *gormIdem) Save(ctx context.Context, rec *IdempotencyKey) error {
	return r.db.WithContext(ctx).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "customer_id"}, {Name: "scope"}, {Name: "key"}},
		DoUpdates: clause.AssignmentColumns([]string{"status_code", "response_body", "resource_id"}),
	}).Create(rec).Error
}
