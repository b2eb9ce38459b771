package postgres

import (
	"context"
	"fmt"
	"io/fs"
	"sort"

	"github.com/jmoiron/sqlx"

	"github.com/velvetchair/salon/migrations"
)

// Migrate applies embedded migrations that have not run yet.
func Migrate(ctx context.Context, db *DB) error {
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		name text PRIMARY KEY,
		applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return fmt.Errorf("create schema_migrations: %w", err)
	}
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		body, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			return err
		}
		err = db.WithTx(ctx, func(tx *sqlx.Tx) error {
			res, err := tx.ExecContext(ctx,
				`INSERT INTO schema_migrations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, name)
			if err != nil {
				return err
			}
			if n, _ := res.RowsAffected(); n == 0 {
				return nil
			}
			_, err = tx.ExecContext(ctx, string(body))
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
		db.log.Info("migration applied", "name", name)
	}
	return nil
}
