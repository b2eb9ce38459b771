// Package schema holds the database schema and applies it at start-up.
package schema

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"

	"github.com/jmoiron/sqlx"
)

//go:embed *.sql
var files embed.FS

// Apply runs every schema file in name order. The statements are written
// to be re-runnable (IF NOT EXISTS), so Apply is safe on every boot.
func Apply(ctx context.Context, pool *sqlx.DB) error {
	names, err := fs.Glob(files, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		body, err := files.ReadFile(name)
		if err != nil {
			return err
		}
		if _, err := pool.ExecContext(ctx, string(body)); err != nil {
			return fmt.Errorf("schema %s: %w", name, err)
		}
	}
	return nil
}
