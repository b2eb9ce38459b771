// Package keystore claims request keys in the transaction the context
// carries.
package keystore

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/wiredrepo/database"
	"example.com/wiredrepo/domain"
)

// Keys claims keys.
type Keys struct{ DB *gorm.DB }

// Claim inserts key unless it is there, and reports whether it did.
func (k *Keys) Claim(ctx context.Context, key string) (bool, error) {
	res := database.Conn(ctx, k.DB).Clauses(clause.OnConflict{DoNothing: true}).Create(&domain.IdempotencyKey{Key: key})
	return res.RowsAffected == 1, res.Error
}
