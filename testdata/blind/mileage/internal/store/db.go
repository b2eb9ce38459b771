// Package store implements the repositories over Postgres with gorm.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/northwind-air/mileage/internal/domain"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

// Open connects to Postgres. Lambda functions keep a small pool per
// execution environment.
func Open(dsn string, maxConns int) (*gorm.DB, func(), error) {
	db, err := gorm.Open(postgres.Open(dsn), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, nil, fmt.Errorf("open postgres: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, nil, err
	}
	sqlDB.SetMaxOpenConns(maxConns)
	sqlDB.SetMaxIdleConns(maxConns)
	sqlDB.SetConnMaxIdleTime(5 * time.Minute)
	cleanup := func() { _ = sqlDB.Close() }
	return db, cleanup, nil
}

type txKey struct{}

// conn returns the transaction bound to ctx, or db when there is none.
func conn(ctx context.Context, db *gorm.DB) *gorm.DB {
	if tx, ok := ctx.Value(txKey{}).(*gorm.DB); ok && tx != nil {
		return tx.WithContext(ctx)
	}
	return db.WithContext(ctx)
}

// Transactor runs a function inside a database transaction. Repositories
// called with the ctx passed to fn join that transaction.
type Transactor struct {
	db *gorm.DB
}

// NewTransactor returns a Transactor over db.
func NewTransactor(db *gorm.DB) *Transactor { return &Transactor{db: db} }

// Do runs fn in a transaction; it commits when fn returns nil.
func (t *Transactor) Do(ctx context.Context, fn func(ctx context.Context) error) error {
	return conn(ctx, t.db).Transaction(func(tx *gorm.DB) error {
		return fn(context.WithValue(ctx, txKey{}, tx))
	})
}

// InTx is Do for functions that produce a value.
func InTx[T any](ctx context.Context, t *Transactor, fn func(ctx context.Context) (T, error)) (T, error) {
	var out T
	err := t.Do(ctx, func(ctx context.Context) error {
		v, err := fn(ctx)
		if err != nil {
			return err
		}
		out = v
		return nil
	})
	return out, err
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505"
}

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return domain.ErrNotFound
	}
	return err
}
