// Package app wires the payroll service together with fx.
package app

import (
	"context"
	"database/sql"
	"log/slog"
	"os"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/fx"
	"gorm.io/gorm"

	"github.com/acme/payroll/internal/config"
	"github.com/acme/payroll/internal/ledger"
	"github.com/acme/payroll/internal/store/pgxrepo"
	"github.com/acme/payroll/internal/store/schema"
	"github.com/acme/payroll/internal/store/sqlrepo"
)

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newSQLDB(lc fx.Lifecycle, cfg config.Config) (*sql.DB, error) {
	db, err := sqlrepo.Open(context.Background(), cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if err := schema.Apply(context.Background(), db); err != nil {
		_ = db.Close()
		return nil, err
	}
	lc.Append(fx.StopHook(db.Close))
	return db, nil
}

func newPgxPool(lc fx.Lifecycle, cfg config.Config, _ *sql.DB) (*pgxpool.Pool, error) {
	pool, err := pgxrepo.NewPool(context.Background(), cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(pool.Close))
	return pool, nil
}

func newGorm(lc fx.Lifecycle, cfg config.Config) (*gorm.DB, error) {
	db, err := ledger.Open(cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(func() error {
		sqlDB, err := db.DB()
		if err != nil {
			return err
		}
		return sqlDB.Close()
	}))
	return db, nil
}
