// Command migrate applies the application schema and river's own tables.
package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"sort"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/pantloop/deposit/internal/config"
	"github.com/pantloop/deposit/internal/platform"
	"github.com/pantloop/deposit/migrations"
)

const schemaTable = `CREATE TABLE IF NOT EXISTS schema_migrations (
    name       text PRIMARY KEY,
    applied_at timestamptz NOT NULL DEFAULT now()
)`

func main() {
	log := config.Logger("migrate")
	ctx := context.Background()
	pool, err := platform.OpenPool(ctx, config.MustString("DATABASE_URL"), 2)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer pool.Close()

	if _, err := pool.Exec(ctx, schemaTable); err != nil {
		log.Error("schema table", "err", err)
		os.Exit(1)
	}

	names, err := fs.Glob(migrations.FS, "*.up.sql")
	if err != nil {
		log.Error("list migrations", "err", err)
		os.Exit(1)
	}
	sort.Strings(names)
	for _, name := range names {
		if err := apply(ctx, pool.Begin, name); err != nil {
			log.Error("migrate", "file", name, "err", err)
			os.Exit(1)
		}
	}

	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		log.Error("river migrator", "err", err)
		os.Exit(1)
	}
	res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		log.Error("river migrate", "err", err)
		os.Exit(1)
	}
	log.Info("migrated", "app_files", len(names), "river_versions", len(res.Versions))
}

func apply(ctx context.Context, begin func(context.Context) (pgx.Tx, error), name string) error {
	body, err := fs.ReadFile(migrations.FS, name)
	if err != nil {
		return err
	}
	tx, err := begin(ctx)
	if err != nil {
		return err
	}
	defer tx.Rollback(ctx)

	tag, err := tx.Exec(ctx, `INSERT INTO schema_migrations (name) VALUES ($1) ON CONFLICT (name) DO NOTHING`, name)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return nil
	}
	if _, err := tx.Exec(ctx, string(body)); err != nil {
		return fmt.Errorf("exec: %w", err)
	}
	return tx.Commit(ctx)
}
