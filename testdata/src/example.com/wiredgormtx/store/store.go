// Package store keeps the ledger with gorm.
package store

import (
	"context"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"example.com/wiredgormtx/app"
)

// Ledger runs on its db: the pool, or the transaction WithTx gives it.
type Ledger struct{ db *gorm.DB }

// New returns the Ledger on db.
func New(db *gorm.DB) *Ledger { return &Ledger{db: db} }

// WithTx returns the Ledger on tx.
func (r *Ledger) WithTx(tx *gorm.DB) app.Ledger { return &Ledger{db: tx} }

// Insert adds the entry, once per key when it has one.
func (r *Ledger) Insert(ctx context.Context, e *app.Entry) error {
	q := r.db.WithContext(ctx)
	if e.Key != "" {
		q = q.Clauses(clause.OnConflict{DoNothing: true})
	}
	return q.Create(e).Error // want `2 writes commit separately and the INSERT into entries in store.Ledger.Insert is not idempotent \(HTTP handler Service.CreditLoose\)` `the INSERT into entries in store.Ledger.Insert has no conflict handling for the caller-known id \(HTTP handler Service.Credit\w*\)`
}

// Adjust moves the account's balance.
func (r *Ledger) Adjust(ctx context.Context, account string, delta int64) error {
	return r.db.WithContext(ctx).Model(&app.Entry{}).Where("account = ?", account).Updates(map[string]any{"balance": gorm.Expr("balance + ?", delta)}).Error
}

// Keys runs on its db, as Ledger does.
type Keys struct{ db *gorm.DB }

// NewKeys returns the Keys on db.
func NewKeys(db *gorm.DB) *Keys { return &Keys{db: db} }

// WithTx returns the Keys on tx.
func (k *Keys) WithTx(tx *gorm.DB) app.Keys { return &Keys{db: tx} }

// Get returns the stored key, or nil.
func (k *Keys) Get(ctx context.Context, key string) (*app.IdempotencyKey, error) {
	var rec app.IdempotencyKey
	if err := k.db.WithContext(ctx).Where("key = ?", key).Take(&rec).Error; err != nil {
		return nil, err
	}
	return &rec, nil
}

// Put stores the key.
func (k *Keys) Put(ctx context.Context, key string) error {
	return k.db.WithContext(ctx).Create(&app.IdempotencyKey{Key: key}).Error // want `the key commits apart from the effect it guards \(idempotency_keys on a handle that commits each statement, the effect on a transaction; HTTP handler Service.CreditRememberedLoosely\)`
}
