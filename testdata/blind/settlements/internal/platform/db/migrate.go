package db

import (
	"context"
	"errors"
	"fmt"

	"github.com/golang-migrate/migrate/v4"
	migratepgx "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/migrations"
)

// RunMigrations applies the application schema and River's own tables on
// start-up, before any other OnStart hook that touches the database.
func RunMigrations(lc fx.Lifecycle, pool *sqlx.DB, log *zap.Logger) {
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			if err := migrateApp(pool, log); err != nil {
				return err
			}
			return migrateRiver(ctx, pool, log)
		},
	})
}

func migrateApp(pool *sqlx.DB, log *zap.Logger) error {
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return fmt.Errorf("migrate: source: %w", err)
	}
	drv, err := migratepgx.WithInstance(pool.DB, &migratepgx.Config{MigrationsTable: "schema_migrations"})
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

func migrateRiver(ctx context.Context, pool *sqlx.DB, log *zap.Logger) error {
	migrator, err := rivermigrate.New(riverdatabasesql.New(pool.DB), nil)
	if err != nil {
		return fmt.Errorf("river migrate: init: %w", err)
	}
	res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return fmt.Errorf("river migrate: %w", err)
	}
	log.Info("river schema migrated", zap.Int("applied", len(res.Versions)))
	return nil
}
