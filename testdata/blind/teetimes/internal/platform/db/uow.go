package db

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"
)

type txKey struct{}

// UnitOfWork runs a function inside a database transaction. Repositories
// called with the context handed to fn take part in that transaction.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type gormUnitOfWork struct {
	db *gorm.DB
}

// NewUnitOfWork returns a UnitOfWork backed by gorm transactions.
func NewUnitOfWork(db *gorm.DB) *gormUnitOfWork {
	return &gormUnitOfWork{db: db}
}

// Do starts a transaction, or joins the one already carried by ctx so that
// services can compose without knowing who opened it.
func (u *gormUnitOfWork) Do(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	return u.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(WithTx(ctx, tx))
	})
}

// WithTx stores tx in ctx.
func WithTx(ctx context.Context, tx *gorm.DB) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Conn returns the transaction carried by ctx, or base bound to ctx when no
// transaction is open.
func Conn(ctx context.Context, base *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return base.WithContext(ctx)
}

// InTx reports whether ctx carries an open transaction.
func InTx(ctx context.Context) bool {
	_, ok := ctx.Value(txKey{}).(*gorm.DB)
	return ok
}

// ErrNoTx is returned by SQLTx when ctx carries no transaction.
var ErrNoTx = errors.New("db: no transaction in context")

// SQLTx unwraps the *sql.Tx behind the gorm transaction in ctx. River's
// database/sql driver uses it to insert jobs atomically with our writes.
func SQLTx(ctx context.Context) (*sql.Tx, error) {
	tx, ok := ctx.Value(txKey{}).(*gorm.DB)
	if !ok {
		return nil, ErrNoTx
	}
	sqlTx, ok := tx.Statement.ConnPool.(*sql.Tx)
	if !ok {
		return nil, errors.New("db: transaction is not backed by database/sql")
	}
	return sqlTx, nil
}
