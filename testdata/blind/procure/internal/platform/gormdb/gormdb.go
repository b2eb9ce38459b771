// Package gormdb opens the gorm connection used by the budgets module.
package gormdb

import (
	"fmt"
	"log/slog"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/northmill/procure/internal/platform/config"
)

// Open returns a *gorm.DB backed by pgx.
func Open(cfg config.Config, log *slog.Logger) (*gorm.DB, func(), error) {
	gdb, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{
		SkipDefaultTransaction: true,
		Logger:                 logger.NewSlogLogger(log, logger.Config{SlowThreshold: 200 * time.Millisecond, LogLevel: logger.Warn}),
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, nil, fmt.Errorf("gormdb: open: %w", err)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, nil, fmt.Errorf("gormdb: pool: %w", err)
	}
	sqlDB.SetMaxOpenConns(cfg.DBMaxOpenConns / 2)
	return gdb, func() { _ = sqlDB.Close() }, nil
}
