// Package postgres opens the database handles used by both binaries and
// applies schema migrations.
package postgres

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/golang-migrate/migrate/v4"
	migratepgx "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jackc/pgx/v5/pgxpool"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/hollowpine-memorial/plotkeeper/db"
	"github.com/hollowpine-memorial/plotkeeper/internal/config"
)

// Module provides *sqlx.DB and *pgxpool.Pool with lifecycle-managed closing.
var Module = fx.Module("postgres",
	fx.Provide(NewDB, NewPool),
)

// NewDB opens the sqlx handle used by repositories.
func NewDB(lc fx.Lifecycle, cfg config.Config) (*sqlx.DB, error) {
	dbx, err := sqlx.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("postgres: open: %w", err)
	}
	dbx.SetMaxOpenConns(20)
	dbx.SetMaxIdleConns(10)
	dbx.SetConnMaxIdleTime(5 * time.Minute)

	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return dbx.PingContext(ctx) },
		OnStop:  func(context.Context) error { return dbx.Close() },
	})
	return dbx, nil
}

// NewPool opens the pgx pool that the river client runs on.
func NewPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("postgres: parse pool config: %w", err)
	}
	pcfg.MaxConns = 10
	pool, err := pgxpool.NewWithConfig(context.Background(), pcfg)
	if err != nil {
		return nil, fmt.Errorf("postgres: pool: %w", err)
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error { return pool.Ping(ctx) },
		OnStop: func(context.Context) error {
			pool.Close()
			return nil
		},
	})
	return pool, nil
}

// Migrate applies db/migrations to the database behind dbx.
func Migrate(dbx *sqlx.DB, log *zap.Logger) error {
	src, err := iofs.New(db.Migrations, "migrations")
	if err != nil {
		return fmt.Errorf("migrate: source: %w", err)
	}
	drv, err := migratepgx.WithInstance(dbx.DB, &migratepgx.Config{MigrationsTable: "plotkeeper_schema_migrations"})
	if err != nil {
		return fmt.Errorf("migrate: driver: %w", err)
	}
	m, err := migrate.NewWithInstance("iofs", src, "pgx5", drv)
	if err != nil {
		return fmt.Errorf("migrate: init: %w", err)
	}
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate: up: %w", err)
	}
	v, dirty, _ := m.Version()
	log.Info("schema migrated", zap.Uint("version", v), zap.Bool("dirty", dirty))
	return nil
}
