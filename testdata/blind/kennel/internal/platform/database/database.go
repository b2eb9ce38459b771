// Package database opens the Postgres pool shared by bun and River and
// applies the service's schema migrations.
package database

import (
	"context"
	"database/sql"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"strings"
	"time"

	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"

	"github.com/pawsandstay/kennel/internal/platform/config"
	"github.com/pawsandstay/kennel/migrations"
)

// OpenSQL opens the raw pool. River's database/sql driver and bun share it so
// that jobs can be inserted in the same transaction as domain writes.
func OpenSQL(cfg *config.Config) (*sql.DB, error) {
	db, err := sql.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	db.SetMaxOpenConns(25)
	db.SetMaxIdleConns(10)
	db.SetConnMaxIdleTime(5 * time.Minute)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := db.PingContext(ctx); err != nil {
		_ = db.Close()
		return nil, fmt.Errorf("ping postgres: %w", err)
	}
	return db, nil
}

// NewBun wraps the pool with the Postgres dialect.
func NewBun(sqldb *sql.DB) *bun.DB {
	return bun.NewDB(sqldb, pgdialect.New())
}

// Migrate applies every embedded migration that has not been applied yet.
// Each file runs in its own transaction together with its bookkeeping row.
func Migrate(ctx context.Context, db *bun.DB, log *slog.Logger) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version text PRIMARY KEY,
		applied_at timestamptz NOT NULL DEFAULT now()
	)`); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}

	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)

	for _, name := range names {
		version := strings.TrimSuffix(name, ".sql")
		body, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			return err
		}
		err = db.RunInTx(ctx, nil, func(ctx context.Context, tx bun.Tx) error {
			res, err := tx.NewRaw(
				"INSERT INTO schema_migrations (version) VALUES (?) ON CONFLICT (version) DO NOTHING", version,
			).Exec(ctx)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return nil
			}
			log.Info("applying migration", "version", version)
			_, err = tx.ExecContext(ctx, string(body))
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", version, err)
		}
	}
	return nil
}
