// Package storage carries a gorm transaction in a context.
package storage

import (
	"context"

	"gorm.io/gorm"
)

type txKey struct{}

// WithTx returns ctx carrying tx.
func WithTx(ctx context.Context, tx *gorm.DB) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Conn returns the transaction ctx carries, or db.
func Conn(ctx context.Context, db *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok && tx != nil {
		return tx
	}
	return db.WithContext(ctx)
}

// UoW runs work with a context that carries its transaction.
type UoW struct{ DB *gorm.DB }

// InTx runs fn in a transaction that ctx carries.
func (u UoW) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return u.DB.Transaction(func(tx *gorm.DB) error { return fn(WithTx(ctx, tx)) })
}

// Manager runs work in transactions it carries in the context, and
// gives repositories the one a context carries.
type Manager struct{ DB *gorm.DB }

// InTx runs fn in a transaction that ctx carries.
func (m Manager) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return m.DB.Transaction(func(tx *gorm.DB) error { return fn(WithTx(ctx, tx)) })
}

// Conn returns the transaction ctx carries, or the database.
func (m Manager) Conn(ctx context.Context) *gorm.DB { return Conn(ctx, m.DB) }
