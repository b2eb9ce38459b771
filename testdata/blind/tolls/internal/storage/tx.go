package storage

import (
	"context"

	"gorm.io/gorm"
)

type txKey struct{}

// WithTx returns a context that carries tx; repositories called with that
// context run their statements inside tx.
func WithTx(ctx context.Context, tx *gorm.DB) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Conn returns the transaction carried by ctx, or db bound to ctx.
func Conn(ctx context.Context, db *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok && tx != nil {
		return tx
	}
	return db.WithContext(ctx)
}

// TxRunner runs a function inside a database transaction.
type TxRunner interface {
	InTx(ctx context.Context, fn func(ctx context.Context) error) error
}

// GormTx implements TxRunner on a gorm handle.
type GormTx struct {
	DB *gorm.DB
}

// NewTxRunner returns a TxRunner for db.
func NewTxRunner(db *gorm.DB) *GormTx { return &GormTx{DB: db} }

// InTx runs fn in a transaction, nesting into an existing one when ctx
// already carries a transaction.
func (g *GormTx) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	return Conn(ctx, g.DB).Transaction(func(tx *gorm.DB) error {
		return fn(WithTx(ctx, tx))
	})
}
