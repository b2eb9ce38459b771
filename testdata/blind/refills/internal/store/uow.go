package store

import (
	"context"

	"gorm.io/gorm"
)

type txKey struct{}

func withTx(ctx context.Context, tx *gorm.DB) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

func txFrom(ctx context.Context) (*gorm.DB, bool) {
	tx, ok := ctx.Value(txKey{}).(*gorm.DB)
	return tx, ok && tx != nil
}

// TxFunc is the body of a unit of work. ctx carries the transaction, so
// repositories called with it join the transaction; tx is there for queries
// that do not fit a repository.
type TxFunc func(ctx context.Context, tx *gorm.DB) error

// UnitOfWork runs a TxFunc inside one database transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn TxFunc) error
}

type GormUnitOfWork struct {
	db *gorm.DB
}

func NewUnitOfWork(db *gorm.DB) *GormUnitOfWork { return &GormUnitOfWork{db: db} }

func (u *GormUnitOfWork) Do(ctx context.Context, fn TxFunc) error {
	if tx, ok := txFrom(ctx); ok {
		// Already inside a unit of work: gorm turns this into a savepoint.
		return tx.Transaction(func(inner *gorm.DB) error {
			return fn(withTx(ctx, inner), inner)
		})
	}
	return u.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(withTx(ctx, tx), tx)
	})
}
