// Package migrations embeds the goose SQL migrations so that every binary
// ships the schema it was built against.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"fmt"

	"github.com/pressly/goose/v3"
)

//go:embed sql/*.sql
var FS embed.FS

const dir = "sql"

func setup() error {
	goose.SetBaseFS(FS)
	return goose.SetDialect("postgres")
}

// Up applies all pending migrations.
func Up(ctx context.Context, db *sql.DB) error {
	if err := setup(); err != nil {
		return err
	}
	if err := goose.UpContext(ctx, db, dir); err != nil {
		return fmt.Errorf("migrations: up: %w", err)
	}
	return nil
}

// Run executes an arbitrary goose command (status, down, redo, version...).
func Run(ctx context.Context, db *sql.DB, command string, args ...string) error {
	if err := setup(); err != nil {
		return err
	}
	return goose.RunContext(ctx, command, db, dir, args...)
}
