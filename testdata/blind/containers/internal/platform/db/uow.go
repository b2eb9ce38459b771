package db

import (
	"context"

	"gorm.io/gorm"
)

type txKey struct{}

// UnitOfWork runs a function inside a database transaction. Repositories
// pick the transaction up from the context through Conn, so services never
// handle *gorm.DB themselves.
type UnitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type gormUnitOfWork struct {
	db *gorm.DB
}

// NewUnitOfWork returns the gorm-backed UnitOfWork.
func NewUnitOfWork(db *gorm.DB) *gormUnitOfWork {
	return &gormUnitOfWork{db: db}
}

// Do joins an outer transaction when one is already in the context.
func (u *gormUnitOfWork) Do(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	return u.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// Conn returns the transaction carried by ctx, or fallback bound to ctx.
func Conn(ctx context.Context, fallback *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx
	}
	return fallback.WithContext(ctx)
}
