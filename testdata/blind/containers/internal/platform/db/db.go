// Package db holds the gorm connection, the context-carried unit of work
// and the generic repository used by the repo package.
package db

import (
	"context"
	"errors"
	"fmt"
	"time"

	"go.uber.org/fx"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/quaymark/terminal-ops/internal/config"
)

// ErrNotFound is returned by repositories instead of gorm.ErrRecordNotFound
// so services do not import gorm.
var ErrNotFound = errors.New("record not found")

// Open connects to Postgres and ties pool shutdown to the fx lifecycle.
func Open(lc fx.Lifecycle, cfg *config.Config) (*gorm.DB, error) {
	gdb, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(20)
	sqlDB.SetMaxIdleConns(5)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return sqlDB.PingContext(ctx) },
		OnStop:  func(context.Context) error { return sqlDB.Close() },
	})
	return gdb, nil
}

// Translate maps gorm sentinel errors to package errors.
func Translate(err error) error {
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return ErrNotFound
	}
	return err
}
