// Package database holds the persistence plumbing shared by all modules: the
// gorm and sqlx handles, the context-carried transactor and the generic
// repository.
package database

import (
	"context"
	"fmt"
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"
	"go.uber.org/zap"
	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/quaymile/dispatch/internal/config"
)

// NewGorm opens the primary gorm handle and ties its lifetime to the fx app.
func NewGorm(cfg config.Config, lc fx.Lifecycle, log *zap.Logger) (*gorm.DB, error) {
	db, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("open gorm: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(cfg.DBMaxOpenConns)
	sqlDB.SetMaxIdleConns(cfg.DBMaxOpenConns / 2)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)

	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := sqlDB.PingContext(ctx); err != nil {
				return fmt.Errorf("ping database: %w", err)
			}
			log.Info("database connected")
			return nil
		},
		OnStop: func(context.Context) error { return sqlDB.Close() },
	})
	return db, nil
}

// NewSQLX wraps the same connection pool in sqlx for the handful of raw
// queries (reporting, explicit row locks).
func NewSQLX(db *gorm.DB) (*sqlx.DB, error) {
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	return sqlx.NewDb(sqlDB, "pgx"), nil
}

// Module provides the database handles and helpers.
var Module = fx.Module("database",
	fx.Provide(
		NewGorm,
		NewSQLX,
		fx.Annotate(NewGormTransactor, fx.As(new(Transactor))),
		fx.Annotate(func(db *sqlx.DB) *sqlx.DB { return db }, fx.As(new(Queryer)), fx.As(new(TxBeginner))),
	),
)
