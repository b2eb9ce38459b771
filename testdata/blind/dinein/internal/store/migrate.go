package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/zap"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migrate applies any embedded migration that has not been applied yet.
func Migrate(ctx context.Context, pool *pgxpool.Pool, log *zap.Logger) error {
	if _, err := pool.Exec(ctx, `
		CREATE TABLE IF NOT EXISTS schema_migrations (
			version    text PRIMARY KEY,
			applied_at timestamptz NOT NULL DEFAULT now()
		)`); err != nil {
		return fmt.Errorf("migrate: bootstrap: %w", err)
	}
	names, err := fs.Glob(migrationFS, "migrations/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		body, err := migrationFS.ReadFile(name)
		if err != nil {
			return err
		}
		applied, err := InTx(ctx, pool, func(tx pgx.Tx) (bool, error) {
			tag, err := tx.Exec(ctx,
				`INSERT INTO schema_migrations (version) VALUES ($1) ON CONFLICT DO NOTHING`, name)
			if err != nil {
				return false, err
			}
			if tag.RowsAffected() == 0 {
				return false, nil
			}
			if _, err := tx.Exec(ctx, string(body)); err != nil {
				return false, fmt.Errorf("%s: %w", name, err)
			}
			return true, nil
		})
		if err != nil {
			return fmt.Errorf("migrate: %w", err)
		}
		if applied {
			log.Info("applied migration", zap.String("version", name))
		}
	}
	return nil
}
