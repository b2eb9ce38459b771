// Package store holds the PostgreSQL repositories of the co-op back office.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// ErrNotFound is returned by repositories when a row does not exist.
var ErrNotFound = errors.New("store: not found")

// Options configures the connection pool.
type Options struct {
	DSN             string
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
	LogSQL          bool
}

// DB wraps the gorm handle and knows how to carry a transaction in a context.
type DB struct {
	gorm *gorm.DB
}

// Open connects to PostgreSQL with the given options.
func Open(opts Options) (*DB, error) {
	cfg := &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
	}
	if opts.LogSQL {
		cfg.Logger = logger.Default.LogMode(logger.Info)
	}
	g, err := gorm.Open(postgres.Open(opts.DSN), cfg)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqlDB, err := g.DB()
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
	return &DB{gorm: g}, nil
}

// Gorm exposes the underlying pool handle for repositories that manage their
// own transactions.
func (d *DB) Gorm() *gorm.DB { return d.gorm }

// Close closes the pool.
func (d *DB) Close() error {
	sqlDB, err := d.gorm.DB()
	if err != nil {
		return err
	}
	return sqlDB.Close()
}

type txKey struct{}

// WithTx runs fn inside a transaction carried in ctx. Nested calls join the
// outer transaction.
func (d *DB) WithTx(ctx context.Context, fn func(ctx context.Context) error) error {
	if _, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return fn(ctx)
	}
	return d.gorm.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// Conn returns the transaction carried in ctx, or the pool.
func (d *DB) Conn(ctx context.Context) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok {
		return tx.WithContext(ctx)
	}
	return d.gorm.WithContext(ctx)
}

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}
