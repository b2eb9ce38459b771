// Package platform holds the small building blocks shared by every service:
// database access, identifiers, HTTP clients for providers and idempotency
// bookkeeping.
package platform

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

var (
	// ErrNotFound is returned by repositories when no row matches.
	ErrNotFound = errors.New("not found")
	// ErrConflict is returned when a state transition is not allowed.
	ErrConflict = errors.New("conflict")
	// ErrInvalid is returned for input that fails validation.
	ErrInvalid = errors.New("invalid input")
)

// OpenDB opens the Postgres pool used by all binaries.
func OpenDB(dsn string, maxOpen int) (*gorm.DB, error) {
	db, err := gorm.Open(postgres.Open(dsn), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("open db: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(maxOpen)
	sqlDB.SetMaxIdleConns(maxOpen / 2)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	return db, nil
}

// NotFound maps gorm's record-not-found error to ErrNotFound.
func NotFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}

type txKey struct{}

// WithTx stores a transaction handle on the context so repositories called
// further down pick it up instead of the pool.
func WithTx(ctx context.Context, tx *gorm.DB) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Conn returns the transaction on ctx if there is one, else db.
func Conn(ctx context.Context, db *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok && tx != nil {
		return tx.WithContext(ctx)
	}
	return db.WithContext(ctx)
}

// InTx runs fn inside a transaction and exposes it through the context.
func InTx(ctx context.Context, db *gorm.DB, fn func(ctx context.Context) error) error {
	return db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(WithTx(ctx, tx))
	})
}
