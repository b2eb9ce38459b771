// Package db opens the Postgres connections used by the service and applies
// the embedded schema.
package db

import (
	"context"
	"database/sql"
	_ "embed"
	"fmt"
	"time"

	"go.uber.org/zap"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/inkloop/printshop/internal/config"
)

//go:embed schema.sql
var schemaSQL string

// Schema returns the embedded DDL, mostly for the migrate sub-command.
func Schema() string { return schemaSQL }

// Open returns a gorm handle configured for the service.
func Open(cfg config.Config, log *zap.Logger) (*gorm.DB, error) {
	gdb, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("db: open: %w", err)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, fmt.Errorf("db: underlying handle: %w", err)
	}
	sqlDB.SetMaxOpenConns(cfg.DatabaseMaxConns)
	sqlDB.SetMaxIdleConns(cfg.DatabaseMaxConns / 2)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	log.Info("database opened", zap.Int("max_conns", cfg.DatabaseMaxConns))
	return gdb, nil
}

// SQL exposes the database/sql handle underneath gorm for the reporting
// queries that are easier to keep as hand-written SQL.
func SQL(gdb *gorm.DB) (*sql.DB, error) {
	return gdb.DB()
}

// Migrate applies schema.sql. Every statement in it is idempotent.
func Migrate(ctx context.Context, sqlDB *sql.DB) error {
	ctx, cancel := context.WithTimeout(ctx, time.Minute)
	defer cancel()
	if _, err := sqlDB.ExecContext(ctx, schemaSQL); err != nil {
		return fmt.Errorf("db: migrate: %w", err)
	}
	return nil
}
