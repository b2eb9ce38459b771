// Package schema embeds the SQL migrations and applies them in order.
package schema

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"github.com/jmoiron/sqlx"
)

//go:embed *.sql
var migrations embed.FS

// Migration is one embedded SQL file.
type Migration struct {
	Version string
	SQL     string
}

// Load returns the embedded migrations sorted by file name.
func Load() ([]Migration, error) {
	entries, err := fs.ReadDir(migrations, ".")
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		b, err := migrations.ReadFile(e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: strings.TrimSuffix(e.Name(), ".sql"), SQL: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// Migrate applies every migration that has not been recorded in
// schema_migrations. Each migration runs in its own transaction together
// with its bookkeeping row.
func Migrate(ctx context.Context, db *sqlx.DB) (applied []string, err error) {
	ms, err := Load()
	if err != nil {
		return nil, err
	}
	if _, err := db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (
		version TEXT PRIMARY KEY,
		applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
	)`); err != nil {
		return nil, fmt.Errorf("schema: bootstrap: %w", err)
	}
	for _, m := range ms {
		var exists bool
		if err := db.GetContext(ctx, &exists, `SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE version = $1)`, m.Version); err != nil {
			return applied, err
		}
		if exists {
			continue
		}
		tx, err := db.BeginTxx(ctx, nil)
		if err != nil {
			return applied, err
		}
		if _, err := tx.ExecContext(ctx, m.SQL); err != nil {
			_ = tx.Rollback()
			return applied, fmt.Errorf("schema: %s: %w", m.Version, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (version) VALUES ($1)`, m.Version); err != nil {
			_ = tx.Rollback()
			return applied, err
		}
		if err := tx.Commit(); err != nil {
			return applied, err
		}
		applied = append(applied, m.Version)
	}
	return applied, nil
}
