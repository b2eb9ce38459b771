// Package gormcase records idempotency keys with gorm's model writes.
package gormcase

import (
	"context"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var db *gorm.DB

type Idempotency struct {
	ID        string
	ProductID int64
}

type Product struct {
	ID        int64
	Inventory int64
}

// The key is recorded on the database handle, apart from the effect's
// transaction.
func reserve(ctx context.Context, t *asynq.Task) error {
	key := t.ResultWriter().TaskID()
	tx := db.Begin()
	if err := tx.Model(&Product{}).Where("id = ?", 1).Update("inventory", gorm.Expr("inventory - ?", 1)).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Commit().Error; err != nil {
		return err
	}
	return db.Create(&Idempotency{ID: key, ProductID: 1}).Error // want `the key commits apart from the effect it guards`
}

// Negative: the key and the effect in one transaction, which a deferred
// closure captures to roll back on a panic.
func reserveInTx(ctx context.Context, t *asynq.Task) error {
	key := t.ResultWriter().TaskID()
	tx := db.Begin()
	defer func() {
		if r := recover(); r != nil {
			tx.Rollback()
		}
	}()
	if err := tx.Model(&Product{}).Where("id = ?", 1).Update("inventory", gorm.Expr("inventory - ?", 1)).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Model(&Idempotency{}).Create(&Idempotency{ID: key, ProductID: 1}).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

// The key looked up with gorm's First on the database handle, then the
// effect and the key's INSERT in one transaction: a check-then-act,
// which the claim in the transaction replaces.
func reserveLooked(ctx context.Context, t *asynq.Task) error {
	key := t.ResultWriter().TaskID()
	var seen Idempotency
	if err := db.Where("id = ?", key).First(&seen).Error; err == nil { // want `the key is checked outside the transaction of the effect`
		return nil
	}
	tx := db.Begin()
	if err := tx.Model(&Product{}).Where("id = ?", 1).Update("inventory", gorm.Expr("inventory - ?", 1)).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Create(&Idempotency{ID: key, ProductID: 1}).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

// The look on the database handle, then the key's INSERT that absorbs a
// duplicate in the effect's transaction: a concurrent retry that passed
// the look goes on to the effect too.
func reserveLookedAbsorbed(ctx context.Context, t *asynq.Task) error {
	key := t.ResultWriter().TaskID()
	var seen Idempotency
	if err := db.Where("id = ?", key).First(&seen).Error; err == nil { // want `the key is checked outside the transaction of the effect`
		return nil
	}
	tx := db.Begin()
	if err := tx.Model(&Product{}).Where("id = ?", 1).Update("inventory", gorm.Expr("inventory - ?", 1)).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Clauses(clause.OnConflict{DoNothing: true}).Create(&Idempotency{ID: key, ProductID: 1}).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

// The key counted with gorm's Count on the database handle, then the
// effect and the key's INSERT in one transaction: the same
// check-then-act.
func reserveCounted(ctx context.Context, t *asynq.Task) error {
	key := t.ResultWriter().TaskID()
	var n int64
	if err := db.Model(&Idempotency{}).Where("id = ?", key).Count(&n).Error; err != nil || n > 0 { // want `the key is checked outside the transaction of the effect`
		return err
	}
	tx := db.Begin()
	if err := tx.Model(&Product{}).Where("id = ?", 1).Update("inventory", gorm.Expr("inventory - ?", 1)).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Create(&Idempotency{ID: key, ProductID: 1}).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

// Negative: the count is of another table, which no key statement
// writes.
func reserveCountedOther(ctx context.Context, t *asynq.Task) error {
	var n int64
	if err := db.Model(&Product{}).Where("id = ?", 1).Count(&n).Error; err != nil || n == 0 {
		return err
	}
	return db.Model(&Product{}).Where("id = ?", 1).Update("inventory", gorm.Expr("inventory - ?", 1)).Error
}
