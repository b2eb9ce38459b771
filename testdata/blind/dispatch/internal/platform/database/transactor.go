package database

import (
	"context"

	"gorm.io/gorm"
)

// Transactor runs a function inside a database transaction. Repositories that
// resolve their connection through Conn automatically join the transaction
// carried by txCtx.
type Transactor interface {
	WithinTransaction(ctx context.Context, fn func(txCtx context.Context) error) error
}

type txKey struct{}

// GormTransactor implements Transactor on top of gorm.
type GormTransactor struct {
	db *gorm.DB
}

// NewGormTransactor builds a GormTransactor.
func NewGormTransactor(db *gorm.DB) *GormTransactor {
	return &GormTransactor{db: db}
}

// WithinTransaction starts a transaction unless one is already present in
// ctx, in which case fn simply joins it.
func (t *GormTransactor) WithinTransaction(ctx context.Context, fn func(txCtx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	return t.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// Conn returns the transaction carried by ctx, or the base handle bound to
// ctx when there is none.
func Conn(ctx context.Context, base *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return base.WithContext(ctx)
}

// InTransaction reports whether ctx carries a transaction.
func InTransaction(ctx context.Context) bool {
	_, ok := ctx.Value(txKey{}).(*gorm.DB)
	return ok
}
