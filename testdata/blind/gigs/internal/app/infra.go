package app

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"log/slog"
	"os"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"
	"go.uber.org/fx"

	"github.com/gigbridge/escrow/db"
	"github.com/gigbridge/escrow/internal/config"
	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/store"
)

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newClock() func() time.Time { return time.Now }

func newPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("parse DATABASE_URL: %w", err)
	}
	pcfg.MaxConns = 20
	pcfg.MaxConnIdleTime = 5 * time.Minute
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, fmt.Errorf("connect: %w", err)
	}
	lc.Append(fx.StopHook(pool.Close))
	return pool, nil
}

// migrate applies the goose migrations before anything else starts.
func migrate(lc fx.Lifecycle, cfg config.Config, pool *pgxpool.Pool, log *slog.Logger) {
	if !cfg.RunMigrations {
		return
	}
	lc.Append(fx.StartHook(func(ctx context.Context) error {
		sqlDB := stdlib.OpenDBFromPool(pool)
		defer func(d *sql.DB) { _ = d.Close() }(sqlDB)
		migrations, err := migrationsFS()
		if err != nil {
			return err
		}
		provider, err := goose.NewProvider(goose.DialectPostgres, sqlDB, migrations)
		if err != nil {
			return fmt.Errorf("goose: %w", err)
		}
		results, err := provider.Up(ctx)
		if err != nil {
			return fmt.Errorf("goose up: %w", err)
		}
		for _, r := range results {
			log.Info("migration applied", "version", r.Source.Version, "duration", r.Duration)
		}

		// River keeps its own schema (river_job, river_leader, ...).
		migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
		if err != nil {
			return fmt.Errorf("river migrate: %w", err)
		}
		if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return fmt.Errorf("river migrate up: %w", err)
		}
		return nil
	}))
}

func newDB(pool *pgxpool.Pool) *store.DB { return store.NewDB(pool) }

func newRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(prometheus.NewGoCollector(), prometheus.NewProcessCollector(prometheus.ProcessCollectorOpts{}))
	return reg
}

func newRecorder(reg *prometheus.Registry) (*metrics.Recorder, error) {
	return metrics.NewRecorder(reg)
}

func migrationsFS() (fs.FS, error) { return fs.Sub(db.Migrations, db.MigrationsDir) }
