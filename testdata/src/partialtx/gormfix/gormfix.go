package gormfix

import (
	"context"
	"net/http"

	"github.com/hibiken/asynq"
	"gorm.io/gorm"
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

// The order and the debit run in one transaction after the fix.
func pay(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	if err := db.WithContext(ctx).Create(&Order{Total: 10}).Error; err != nil { // want `2 writes commit separately and the INSERT into orders is not idempotent`
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if err := db.WithContext(ctx).Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance - ?", 10)).Error; err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	w.WriteHeader(http.StatusCreated)
}

// The same on a task, with the error returned.
func debit(ctx context.Context, t *asynq.Task) error {
	if err := db.Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance - ?", 10)).Error; err != nil { // want `the UPDATE of accounts \(it computes from the current value\) is not idempotent`
		return err
	}
	if err := db.Create(&Order{Total: 10}).Error; err != nil {
		return err
	}
	return nil
}

// The same, with the last write's error returned as the task's.
func debitReturned(ctx context.Context, t *asynq.Task) error {
	if err := db.Model(&Account{ID: 1}).Update("balance", gorm.Expr("balance - ?", 10)).Error; err != nil { // want `the UPDATE of accounts \(it computes from the current value\) is not idempotent`
		return err
	}
	return db.Create(&Order{Total: 10}).Error
}
