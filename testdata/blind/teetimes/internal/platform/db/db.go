// Package db owns the PostgreSQL connection, the unit of work and the
// generic repository used by the store package.
package db

import (
	"context"
	"database/sql"
	"fmt"
	"time"

	"go.uber.org/fx"
	"go.uber.org/zap"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/fairwaylinks/teetimes/internal/config"
)

// Module wires the database handle and the unit of work.
var Module = fx.Module("db",
	fx.Provide(
		Open,
		SQLDB,
		fx.Annotate(NewUnitOfWork, fx.As(new(UnitOfWork))),
	),
)

// Open connects gorm to PostgreSQL and registers a shutdown hook.
func Open(lc fx.Lifecycle, cfg *config.Config, log *zap.Logger) (*gorm.DB, error) {
	gdb, err := gorm.Open(postgres.New(postgres.Config{
		DSN:                  cfg.DatabaseURL,
		PreferSimpleProtocol: false,
	}), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
		TranslateError:         true,
	})
	if err != nil {
		return nil, fmt.Errorf("db: open: %w", err)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, fmt.Errorf("db: pool: %w", err)
	}
	sqlDB.SetMaxOpenConns(30)
	sqlDB.SetMaxIdleConns(10)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)

	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := sqlDB.PingContext(ctx); err != nil {
				return fmt.Errorf("db: ping: %w", err)
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

// SQLDB exposes the pool underneath gorm for libraries that speak
// database/sql (river's driver, health checks).
func SQLDB(gdb *gorm.DB) (*sql.DB, error) {
	return gdb.DB()
}
