// Package dbx wraps gorm setup and carries transactions through a context.
package dbx

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Options configures the connection pool.
type Options struct {
	DSN             string
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
	LogLevel        logger.LogLevel
}

// Open connects to Postgres and applies pool settings.
func Open(opts Options) (*gorm.DB, error) {
	if opts.LogLevel == 0 {
		opts.LogLevel = logger.Warn
	}
	db, err := gorm.Open(postgres.Open(opts.DSN), &gorm.Config{
		Logger:                 logger.Default.LogMode(opts.LogLevel),
		SkipDefaultTransaction: true,
		TranslateError:         true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("dbx: open: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, fmt.Errorf("dbx: pool: %w", err)
	}
	if opts.MaxOpenConns > 0 {
		sqlDB.SetMaxOpenConns(opts.MaxOpenConns)
	}
	if opts.MaxIdleConns > 0 {
		sqlDB.SetMaxIdleConns(opts.MaxIdleConns)
	}
	if opts.ConnMaxLifetime > 0 {
		sqlDB.SetConnMaxLifetime(opts.ConnMaxLifetime)
	}
	return db, nil
}

type txKey struct{}

// WithTx returns a context carrying tx. Repositories called with that
// context run their statements on the transaction.
func WithTx(ctx context.Context, tx *gorm.DB) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Conn returns the transaction carried by ctx, or base when there is none.
func Conn(ctx context.Context, base *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok && tx != nil {
		return tx.WithContext(ctx)
	}
	return base.WithContext(ctx)
}

// InTx runs fn inside a transaction on base, with the transaction carried by
// the context handed to fn. Nested calls reuse the outer transaction.
func InTx(ctx context.Context, base *gorm.DB, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	return base.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(WithTx(ctx, tx))
	})
}

// ErrNoRows is returned by repositories when a conditional update matched nothing.
var ErrNoRows = errors.New("dbx: no rows affected")

// RequireOne turns a zero-row update into ErrNoRows.
func RequireOne(res *gorm.DB) error {
	if res.Error != nil {
		return res.Error
	}
	if res.RowsAffected == 0 {
		return ErrNoRows
	}
	return nil
}
