// Package store holds the gorm models and repositories.
package store

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/fieldday/leagues/internal/config"
)

var (
	// ErrNotFound is returned when a row does not exist.
	ErrNotFound = errors.New("store: not found")
	// ErrDuplicate is returned when an insert violates a unique constraint.
	ErrDuplicate = errors.New("store: duplicate")
)

// Open connects to Postgres and returns the handle with a cleanup function.
func Open(cfg *config.Config) (*gorm.DB, func(), error) {
	db, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{
		TranslateError:         true,
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
		Logger:                 logger.Default.LogMode(logger.Warn),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("store: open: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, nil, fmt.Errorf("store: sql handle: %w", err)
	}
	sqlDB.SetMaxOpenConns(20)
	sqlDB.SetMaxIdleConns(5)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	cleanup := func() {
		if err := sqlDB.Close(); err != nil {
			slog.Error("store: close", "err", err)
		}
	}
	return db, cleanup, nil
}

// mapErr converts gorm's translated errors into store errors.
func mapErr(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return ErrNotFound
	case errors.Is(err, gorm.ErrDuplicatedKey):
		return fmt.Errorf("%w: %v", ErrDuplicate, err)
	default:
		return err
	}
}

// first loads one row into dst, mapping "not found".
func first[T any](ctx context.Context, db *gorm.DB, query string, args ...any) (*T, error) {
	var out T
	if err := db.WithContext(ctx).Where(query, args...).Take(&out).Error; err != nil {
		return nil, mapErr(err)
	}
	return &out, nil
}
