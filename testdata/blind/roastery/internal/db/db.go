// Package db opens the Postgres connection, applies the embedded schema and
// provides the generic repository used by the service packages.
package db

import (
	"context"
	_ "embed"
	"errors"
	"fmt"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

//go:embed schema.sql
var schemaSQL string

// ErrNotFound is returned by repositories when no row matches.
var ErrNotFound = errors.New("db: not found")

// Open connects to Postgres. TranslateError is on so unique violations
// surface as gorm.ErrDuplicatedKey.
func Open(dsn string) (*gorm.DB, error) {
	gdb, err := gorm.Open(postgres.Open(dsn), &gorm.Config{
		TranslateError:         true,
		SkipDefaultTransaction: true,
		Logger:                 logger.Default.LogMode(logger.Warn),
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("db: open: %w", err)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(20)
	sqlDB.SetMaxIdleConns(5)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	return gdb, nil
}

// Migrate applies schema.sql. The file only uses IF NOT EXISTS statements.
func Migrate(ctx context.Context, gdb *gorm.DB) error {
	if err := gdb.WithContext(ctx).Exec(schemaSQL).Error; err != nil {
		return fmt.Errorf("db: migrate: %w", err)
	}
	return nil
}

// IsDuplicate reports whether err is a unique constraint violation.
func IsDuplicate(err error) bool {
	return errors.Is(err, gorm.ErrDuplicatedKey)
}
