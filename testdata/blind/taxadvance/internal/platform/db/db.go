// Package db opens the PostgreSQL connection and carries transactions through
// context so repositories join the caller's transaction when there is one.
package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Options tune the connection pool.
type Options struct {
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
	LogLevel        logger.LogLevel
}

// Open connects to PostgreSQL with error translation enabled, so unique
// violations surface as gorm.ErrDuplicatedKey.
func Open(dsn string, opts Options) (*gorm.DB, error) {
	if opts.LogLevel == 0 {
		opts.LogLevel = logger.Warn
	}
	gdb, err := gorm.Open(postgres.Open(dsn), &gorm.Config{
		TranslateError: true,
		Logger:         logger.Default.LogMode(opts.LogLevel),
		NowFunc:        func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, err
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
	return gdb, nil
}

type txKey struct{}

// WithTx returns a context carrying tx.
func WithTx(ctx context.Context, tx *gorm.DB) context.Context {
	return context.WithValue(ctx, txKey{}, tx)
}

// Conn returns the transaction in ctx, or base bound to ctx.
func Conn(ctx context.Context, base *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok && tx != nil {
		return tx
	}
	return base.WithContext(ctx)
}

// TxManager runs callbacks inside a gorm transaction.
type TxManager struct {
	db *gorm.DB
}

func NewTxManager(gdb *gorm.DB) *TxManager { return &TxManager{db: gdb} }

// InTx runs fn in a transaction. Nested calls join the outer transaction.
func (m *TxManager) InTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	return m.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(WithTx(ctx, tx))
	})
}

// IsUniqueViolation reports whether err is a translated unique-constraint error.
func IsUniqueViolation(err error) bool {
	return errors.Is(err, gorm.ErrDuplicatedKey)
}

// NotFound maps gorm's record-not-found onto the supplied sentinel.
func NotFound(err, sentinel error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return sentinel
	}
	return err
}
