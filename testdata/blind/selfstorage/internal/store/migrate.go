package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
)

//go:embed migrations/*.sql
var migrationFS embed.FS

// Migrate applies any migrations not yet recorded in schema_migrations.
func Migrate(ctx context.Context, db *DB) error {
	pool := db.Pool()
	if _, err := pool.Exec(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		return err
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
		err = db.WithinTx(ctx, func(ctx context.Context) error {
			tag, err := db.conn(ctx).Exec(ctx,
				`INSERT INTO schema_migrations (name) VALUES ($1) ON CONFLICT DO NOTHING`, name)
			if err != nil {
				return err
			}
			if tag.RowsAffected() == 0 {
				return nil
			}
			_, err = db.conn(ctx).Exec(ctx, string(body))
			return err
		})
		if err != nil {
			return fmt.Errorf("migration %s: %w", name, err)
		}
	}
	return nil
}
