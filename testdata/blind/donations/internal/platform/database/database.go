// Package database opens the shared bun.DB handle used by every binary.
package database

import (
	"context"
	"database/sql"
	"errors"
	"time"

	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/config"
)

// New opens a pooled connection to PostgreSQL and registers lifecycle hooks.
func New(lc fx.Lifecycle, cfg *config.Config, log *zap.Logger) *bun.DB {
	sqldb := sql.OpenDB(pgdriver.NewConnector(
		pgdriver.WithDSN(cfg.DatabaseDSN),
		pgdriver.WithTimeout(10*time.Second),
		pgdriver.WithApplicationName("donations"),
	))
	sqldb.SetMaxOpenConns(25)
	sqldb.SetMaxIdleConns(10)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)

	db := bun.NewDB(sqldb, pgdialect.New())

	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := db.PingContext(ctx); err != nil {
				log.Warn("database not reachable at startup", zap.Error(err))
			}
			return nil
		},
		OnStop: func(context.Context) error {
			return db.Close()
		},
	})
	return db
}

// IsUniqueViolation reports whether err is a PostgreSQL unique_violation.
func IsUniqueViolation(err error) bool {
	var pgErr pgdriver.Error
	if errors.As(err, &pgErr) {
		return pgErr.Field('C') == "23505"
	}
	return false
}

// IsNoRows reports whether err is sql.ErrNoRows.
func IsNoRows(err error) bool {
	return errors.Is(err, sql.ErrNoRows)
}

// Module exposes the database to fx.
var Module = fx.Module("database", fx.Provide(New))
