// Package store implements the repositories on PostgreSQL through gorm.
package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/gridwise-energy/energysettle/internal/model"
)

// Open connects to PostgreSQL and configures the pool.
func Open(dsn string) (*gorm.DB, error) {
	db, err := gorm.Open(postgres.Open(dsn), &gorm.Config{
		TranslateError:         true,
		SkipDefaultTransaction: true,
		Logger:                 logger.Default.LogMode(logger.Warn),
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(20)
	sqlDB.SetMaxIdleConns(5)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	return db, nil
}

// UnitOfWork runs callbacks in a gorm transaction with repositories bound
// to the transaction handle. It satisfies txn.Runner[R].
type UnitOfWork[R any] struct {
	db   *gorm.DB
	bind func(tx *gorm.DB) R
}

// NewUnitOfWork builds a UnitOfWork; bind constructs the repository set
// for a given handle.
func NewUnitOfWork[R any](db *gorm.DB, bind func(tx *gorm.DB) R) *UnitOfWork[R] {
	return &UnitOfWork[R]{db: db, bind: bind}
}

// Do runs fn in one transaction.
func (u *UnitOfWork[R]) Do(ctx context.Context, fn func(repos R) error) error {
	return u.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		return fn(u.bind(tx))
	})
}

func notFound(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return model.ErrNotFound
	}
	return err
}

// IsDuplicate reports whether err is a unique-constraint violation.
func IsDuplicate(err error) bool {
	return errors.Is(err, gorm.ErrDuplicatedKey)
}
