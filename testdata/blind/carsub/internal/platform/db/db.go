// Package db opens the PostgreSQL connection pool used by every binary.
package db

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"go.uber.org/fx"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/migrations"
)

// Open connects to PostgreSQL and ties the pool to the fx lifecycle.
func Open(lc fx.Lifecycle, cfg *config.Config, log *slog.Logger) (*gorm.DB, error) {
	gdb, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("open database: %w", err)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(25)
	sqlDB.SetMaxIdleConns(10)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)

	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := sqlDB.PingContext(ctx); err != nil {
				return fmt.Errorf("ping database: %w", err)
			}
			log.Info("database connected")
			return nil
		},
		OnStop: func(context.Context) error {
			return sqlDB.Close()
		},
	})
	return gdb, nil
}

// Migrate runs the embedded goose migrations on start. Only the API binary
// invokes it; workers expect the schema to be in place.
func Migrate(lc fx.Lifecycle, gdb *gorm.DB, log *slog.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			sqlDB, err := gdb.DB()
			if err != nil {
				return err
			}
			if err := migrations.Up(ctx, sqlDB); err != nil {
				return err
			}
			log.Info("schema up to date")
			return nil
		},
	})
}
