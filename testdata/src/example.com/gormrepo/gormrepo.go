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

// Payout is a payout to an account, recorded before the bank is called.
type Payout struct {
	ID      uint
	Account uint
	Amount  int64
	BankRef string
}

// Bank pays out.
type Bank interface {
	Pay(ctx context.Context, account uint, amount int64, ref string) (string, error)
}

// PayOut records the payout, has the bank pay it under the payout's
// reference, then stores the bank's answer and lowers the balance:
// the intent, the call, its outcome.
func (r *Repo) PayOut(ctx context.Context, bank Bank, account uint, amount int64, ref string) error {
	p := &Payout{Account: account, Amount: amount}
	if err := r.DB.WithContext(ctx).Create(p).Error; err != nil {
		return err
	}
	bankRef, err := bank.Pay(ctx, account, amount, ref)
	if err != nil {
		return err
	}
	if err := r.DB.WithContext(ctx).Model(p).Update("bank_ref", bankRef).Error; err != nil {
		return err
	}
	return r.DB.WithContext(ctx).Model(&Account{ID: account}).Update("balance", gorm.Expr("balance - ?", amount)).Error
}
