// Command migrate applies the bun schema migrations and River's own tables.
//
//	migrate up        apply pending migrations
//	migrate down      roll back the last group
//	migrate status    list applied and pending migrations
package main

import (
	"context"
	"database/sql"
	"fmt"
	"os"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"github.com/uptrace/bun/migrate"

	"github.com/tidewater-yc/clubhouse/migrations"
)

func main() {
	if err := run(context.Background(), os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "migrate:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string) error {
	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		return fmt.Errorf("DATABASE_URL is required")
	}
	cmd := "up"
	if len(args) > 0 {
		cmd = args[0]
	}
	sqldb := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(dsn)))
	db := bun.NewDB(sqldb, pgdialect.New())
	defer db.Close()

	m := migrate.NewMigrator(db, migrations.Migrations)
	if err := m.Init(ctx); err != nil {
		return err
	}
	if err := m.Lock(ctx); err != nil {
		return err
	}
	defer m.Unlock(ctx) //nolint:errcheck

	switch cmd {
	case "up":
		rm, err := rivermigrate.New(riverdatabasesql.New(sqldb), nil)
		if err != nil {
			return err
		}
		if _, err := rm.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			return fmt.Errorf("river migrations: %w", err)
		}
		group, err := m.Migrate(ctx)
		if err != nil {
			return err
		}
		if group.IsZero() {
			fmt.Println("no new migrations")
			return nil
		}
		fmt.Printf("migrated to %s\n", group)
	case "down":
		group, err := m.Rollback(ctx)
		if err != nil {
			return err
		}
		fmt.Printf("rolled back %s\n", group)
	case "status":
		ms, err := m.MigrationsWithStatus(ctx)
		if err != nil {
			return err
		}
		fmt.Printf("applied: %s\npending: %s\n", ms.Applied(), ms.Unapplied())
	default:
		return fmt.Errorf("unknown command %q", cmd)
	}
	return nil
}
