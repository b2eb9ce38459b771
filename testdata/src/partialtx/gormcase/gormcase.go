// Package gormcase has gorm's model writes: each call on the database
// handle commits by itself; on Transaction's handle, or on a Begin
// result, the writes commit together.
package gormcase

import (
	"context"
	"net/http"

	"example.com/gormrepo"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

var db *gorm.DB

type Order struct {
	ID    uint
	Total int64
}

type Account struct {
	ID      uint
	Balance int64
}

type OrderLine struct {
	ID  uint
	SKU string
}

// An order, then the balance it debits, each committed alone.
func pay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	db.WithContext(ctx).Create(&Order{Total: 10}) // want `2 writes commit separately and the INSERT into orders is not idempotent \(HTTP handler pay\)`
	db.WithContext(ctx).Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance - ?", 10))
}

// A debit, then a line: the debit computes from the current balance.
func debit(ctx context.Context, t *asynq.Task) error {
	if err := db.Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance - ?", 10)).Error; err != nil { // want `the UPDATE of accounts \(it computes from the current value\) is not idempotent`
		return err
	}
	return db.Create(&OrderLine{SKU: "a"}).Error
}

// Negative: one transaction, as Transaction runs its callback.
func inTransaction(ctx context.Context, t *asynq.Task) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(&Order{Total: 10}).Error; err != nil {
			return err
		}
		return tx.Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance - ?", 10)).Error
	})
}

// Negative: one transaction, begun and committed by hand.
func begun(ctx context.Context, t *asynq.Task) error {
	tx := db.WithContext(ctx).Begin()
	if err := tx.Create(&Order{Total: 10}).Error; err != nil {
		tx.Rollback()
		return err
	}
	if err := tx.Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance - ?", 10)).Error; err != nil {
		tx.Rollback()
		return err
	}
	return tx.Commit().Error
}

// Negative: each write repeats harmlessly (an upsert, a conflict-free
// insert, a plain assignment), so the retry finishes the operation.
func settle(ctx context.Context, t *asynq.Task) error {
	if err := db.Save(&Order{ID: 7, Total: 10}).Error; err != nil {
		return err
	}
	if err := db.Clauses(clause.OnConflict{DoNothing: true}).Create(&OrderLine{ID: 7, SKU: "a"}).Error; err != nil {
		return err
	}
	return db.Model(&Account{ID: 1}).Update("balance", 0).Error
}

type Usage struct {
	AccountID uint
	Count     int64
}

// A counter kept by an upsert that adds one on a conflict, named by a
// variable, then a line: the retry counts again.
func countUse(ctx context.Context, t *asynq.Task) error {
	counter := "count"
	row := map[string]any{"account_id": 1, counter: 1}
	if err := db.Model(&Usage{}).Clauses(clause.OnConflict{ // want `the INSERT into usages \(on a conflict it adds to the current value\) is not idempotent`
		Columns:   []clause.Column{{Name: "account_id"}},
		DoUpdates: clause.Assignments(map[string]any{counter: gorm.Expr("usages." + counter + " + 1")}),
	}).Create(row).Error; err != nil {
		return err
	}
	return db.Create(&OrderLine{SKU: "a"}).Error
}

// Negative: the upsert sets the value the retry sets again.
func setUse(ctx context.Context, t *asynq.Task) error {
	row := map[string]any{"account_id": 1, "count": 5}
	if err := db.Model(&Usage{}).Clauses(clause.OnConflict{
		Columns:   []clause.Column{{Name: "account_id"}},
		DoUpdates: clause.Assignments(map[string]any{"count": gorm.Expr("excluded.count")}),
	}).Create(row).Error; err != nil {
		return err
	}
	return db.Clauses(clause.OnConflict{DoNothing: true}).Create(&OrderLine{ID: 9, SKU: "a"}).Error
}

var repo *gormrepo.Repo

// A repository's writes, each committed alone.
func grant(ctx context.Context, t *asynq.Task) error {
	return repo.Grant(ctx, 1, 10) // want `the INSERT into credits in Repo.Grant is not idempotent`
}

// Negative: the repository runs them in one transaction.
func grantOnce(ctx context.Context, t *asynq.Task) error {
	return repo.GrantOnce(ctx, 1, 10)
}

var bank gormrepo.Bank

// Negative here: the repository's writes after its call of the bank
// may store that call's outcome, which only the program's wiring tells
// (intentfirst's, at the composition root).
func payOut(ctx context.Context, t *asynq.Task) error {
	return repo.PayOut(ctx, bank, 1, 10, "ref")
}

// A debit in a map of updates, then the order's status, each committed
// alone: the debit computes from the current balance.
func approve(ctx context.Context, t *asynq.Task) error {
	if err := db.Model(&Account{ID: 1}).Updates(map[string]any{"balance": gorm.Expr("balance - ?", 10), "note": "approved"}).Error; err != nil { // want `the UPDATE of accounts \(it computes from the current value\) is not idempotent`
		return err
	}
	return db.Model(&Order{ID: 1}).Updates(map[string]any{"status": "approved"}).Error
}

// Negative: both maps set values; a retry writes them again.
func relabel(ctx context.Context, t *asynq.Task) error {
	if err := db.Model(&Account{ID: 1}).Updates(map[string]any{"note": "relabelled"}).Error; err != nil {
		return err
	}
	return db.Model(&Order{ID: 1}).Updates(map[string]any{"status": "relabelled"}).Error
}

// txKey is where withinTx puts the transaction its callback's writes
// run on.
type txKey struct{}

// conn returns the transaction the context carries, or the database.
func conn(ctx context.Context) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return db.WithContext(ctx)
}

// The handle comes out of the context, where a unit of work may put its
// transaction; the task's own context carries none, so each write
// commits on its own.
func fromContext(ctx context.Context, t *asynq.Task) error {
	if err := conn(ctx).Create(&Order{Total: 10}).Error; err != nil { // want `2 writes commit separately and the INSERT into orders is not idempotent \(asynq handler fromContext\)`
		return err
	}
	return conn(ctx).Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance - ?", 10)).Error
}

// The same, with the context's transaction taken inline.
func fromContextInline(ctx context.Context, t *asynq.Task) error {
	h := db
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		h = tx
	}
	if err := h.Create(&Order{Total: 10}).Error; err != nil { // want `2 writes commit separately and the INSERT into orders is not idempotent \(asynq handler fromContextInline\)`
		return err
	}
	return h.Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance - ?", 10)).Error
}

// genRepo is a generic repository on the handle it holds: the database, or
// the transaction WithTx gives it.
type genRepo[T any] struct{ db *gorm.DB }

func (r *genRepo[T]) WithTx(tx *gorm.DB) *genRepo[T] { return &genRepo[T]{db: tx} }

func (r *genRepo[T]) Create(ctx context.Context, v *T) error {
	return r.db.WithContext(ctx).Create(v).Error
}

var (
	orders = &genRepo[Order]{db: db}
	lines  = &genRepo[OrderLine]{db: db}
)

// Negative: both repositories run on the callback's transaction.
func placeInTx(ctx context.Context, t *asynq.Task) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := orders.WithTx(tx).Create(ctx, &Order{Total: 10}); err != nil {
			return err
		}
		return lines.WithTx(tx).Create(ctx, &OrderLine{SKU: "a"})
	})
}

// The order on the callback's transaction, the line on the database.
func placeApart(ctx context.Context, t *asynq.Task) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := orders.WithTx(tx).Create(ctx, &Order{Total: 10}); err != nil { // want `2 writes commit separately and the INSERT into orders in genRepo.Create is not idempotent \(asynq handler placeApart\)`
			return err
		}
		return lines.Create(ctx, &OrderLine{SKU: "a"})
	})
}
