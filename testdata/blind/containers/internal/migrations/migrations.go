// Package migrations embeds the goose SQL migrations.
package migrations

import (
	"context"
	"database/sql"
	"embed"
	"fmt"
	"log/slog"

	"github.com/pressly/goose/v3"
)

//go:embed sql/*.sql
var files embed.FS

// Up applies every pending migration.
func Up(ctx context.Context, db *sql.DB) error {
	goose.SetBaseFS(files)
	if err := goose.SetDialect("postgres"); err != nil {
		return err
	}
	if err := goose.UpContext(ctx, db, "sql"); err != nil {
		return fmt.Errorf("goose up: %w", err)
	}
	v, err := goose.GetDBVersionContext(ctx, db)
	if err == nil {
		slog.Info("schema at version", "version", v)
	}
	return nil
}
