package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// ErrKeyMismatch is returned when a key is reused for a different request.
var ErrKeyMismatch = errors.New("idempotency key was used for a different request")

type keyRow struct {
	Scope       string `gorm:"primaryKey"`
	Key         string `gorm:"primaryKey"`
	RequestHash string
	ResourceID  *string
	CreatedAt   time.Time
}

func (keyRow) TableName() string { return "idempotency_keys" }

// KeyRepo claims idempotency keys inside the caller's transaction, so the
// claim commits or rolls back together with the resource it points at.
type KeyRepo struct {
	db *gorm.DB
}

func NewKeyRepo(db *gorm.DB) *KeyRepo { return &KeyRepo{db: db} }

// Claim records (scope, key) as producing resourceID. If the key was already
// claimed it returns the resource recorded by the earlier request and
// claimed=false.
func (r *KeyRepo) Claim(ctx context.Context, scope, key, requestHash, resourceID string) (existing string, claimed bool, err error) {
	db := conn(ctx, r.db)
	row := keyRow{Scope: scope, Key: key, RequestHash: requestHash, ResourceID: &resourceID, CreatedAt: time.Now().UTC()}
	res := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&row)
	if res.Error != nil {
		return "", false, fmt.Errorf("claim key: %w", res.Error)
	}
	if res.RowsAffected == 1 {
		return resourceID, true, nil
	}
	var prior keyRow
	if err := db.Where("scope = ? AND key = ?", scope, key).Take(&prior).Error; err != nil {
		return "", false, fmt.Errorf("load claimed key: %w", err)
	}
	if prior.RequestHash != requestHash {
		return "", false, ErrKeyMismatch
	}
	return deref(prior.ResourceID), false, nil
}
