// Package xclaimrun runs work under a claim of the caller's key.
package xclaimrun

import (
	"context"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Key is a claimed idempotency key.
type Key struct {
	Scope string `gorm:"primaryKey"`
	Key   string `gorm:"primaryKey"`
	At    time.Time
}

// Do claims (scope, key) and runs fn in the same transaction, only when
// the claim is new: a repeat of the key does nothing.
func Do[T any](ctx context.Context, db *gorm.DB, scope, key string, fn func(tx *gorm.DB) (T, error)) (T, error) {
	var out T
	err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claim := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&Key{Scope: scope, Key: key, At: time.Now()})
		if claim.Error != nil {
			return claim.Error
		}
		if claim.RowsAffected == 0 {
			return nil
		}
		res, err := fn(tx)
		out = res
		return err
	})
	return out, err
}

// Run runs fn in a transaction, claiming nothing.
func Run(ctx context.Context, db *gorm.DB, fn func(tx *gorm.DB) error) error {
	return db.WithContext(ctx).Transaction(fn)
}
