// Package dbctx carries a gorm transaction in a context.
package dbctx

import (
	"context"

	"gorm.io/gorm"
)

type txKey struct{}

// WithTx returns ctx carrying tx, which the stores run on.
func WithTx(ctx context.Context, tx *gorm.DB) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Conn returns the transaction ctx carries, or db.
func Conn(ctx context.Context, db *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok && tx != nil {
		return tx.WithContext(ctx)
	}
	return db.WithContext(ctx)
}
