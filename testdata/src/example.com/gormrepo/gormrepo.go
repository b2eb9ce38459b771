// Package gormrepo is a repository on gorm, whose writes commit one by
// one on the database handle it holds.
package gormrepo

import (
	"context"

	"gorm.io/gorm"
)

type Repo struct{ DB *gorm.DB }

type Credit struct {
	ID     uint
	Amount int64
}

type Account struct {
	ID      uint
	Balance int64
}

// Grant records a credit and raises the balance, each committed alone.
func (r *Repo) Grant(ctx context.Context, account uint, amount int64) error {
	if err := r.DB.WithContext(ctx).Create(&Credit{Amount: amount}).Error; err != nil {
		return err
	}
	return r.DB.WithContext(ctx).Model(&Account{ID: account}).Update("balance", gorm.Expr("balance + ?", amount)).Error
}

// GrantOnce does both in one transaction.
func (r *Repo) GrantOnce(ctx context.Context, account uint, amount int64) error {
	return r.DB.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Credit{Amount: amount}).Error; err != nil {
			return err
		}
		return tx.Model(&Account{ID: account}).Update("balance", gorm.Expr("balance + ?", amount)).Error
	})
}
