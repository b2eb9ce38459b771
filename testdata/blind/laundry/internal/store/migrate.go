package store

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"

	"gorm.io/gorm"
)

//go:embed schema/*.sql
var schemaFS embed.FS

// Migrate applies the embedded schema files in lexical order. Every file is
// written to be re-runnable (IF NOT EXISTS), so there is no version table.
func Migrate(ctx context.Context, db *gorm.DB) error {
	names, err := fs.Glob(schemaFS, "schema/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		body, err := schemaFS.ReadFile(name)
		if err != nil {
			return err
		}
		if err := db.WithContext(ctx).Exec(string(body)).Error; err != nil {
			return fmt.Errorf("apply %s: %w", name, err)
		}
	}
	return nil
}
