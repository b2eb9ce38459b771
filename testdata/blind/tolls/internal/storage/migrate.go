package storage

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"sort"
	"strings"

	"gorm.io/gorm"
)

//go:embed schema/*.sql
var schemaFS embed.FS

// Migration is one embedded schema file.
type Migration struct {
	Version string
	SQL     string
}

// Migrations returns the embedded schema files in version order.
func Migrations() ([]Migration, error) {
	entries, err := fs.ReadDir(schemaFS, "schema")
	if err != nil {
		return nil, err
	}
	var out []Migration
	for _, e := range entries {
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".sql") {
			continue
		}
		b, err := schemaFS.ReadFile("schema/" + e.Name())
		if err != nil {
			return nil, err
		}
		out = append(out, Migration{Version: strings.TrimSuffix(e.Name(), ".sql"), SQL: string(b)})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Version < out[j].Version })
	return out, nil
}

// Migrate applies every embedded schema file that has not been applied yet.
// Each file runs in its own transaction together with its bookkeeping row,
// and an advisory lock keeps concurrent deploys from racing.
func Migrate(ctx context.Context, db *gorm.DB) ([]string, error) {
	migrations, err := Migrations()
	if err != nil {
		return nil, fmt.Errorf("migrate: read schema: %w", err)
	}
	conn := db.WithContext(ctx)
	if err := conn.Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
		version    TEXT PRIMARY KEY,
		applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
	)`).Error; err != nil {
		return nil, fmt.Errorf("migrate: bookkeeping table: %w", err)
	}

	var applied []string
	err = conn.Transaction(func(tx *gorm.DB) error {
		if err := tx.Exec(`SELECT pg_advisory_xact_lock(727274)`).Error; err != nil {
			return err
		}
		var done []string
		if err := tx.Raw(`SELECT version FROM schema_migrations`).Scan(&done).Error; err != nil {
			return err
		}
		seen := make(map[string]bool, len(done))
		for _, v := range done {
			seen[v] = true
		}
		for _, m := range migrations {
			if seen[m.Version] {
				continue
			}
			if err := tx.Exec(m.SQL).Error; err != nil {
				return fmt.Errorf("apply %s: %w", m.Version, err)
			}
			if err := tx.Exec(`INSERT INTO schema_migrations (version) VALUES (?) ON CONFLICT (version) DO NOTHING`, m.Version).Error; err != nil {
				return err
			}
			applied = append(applied, m.Version)
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("migrate: %w", err)
	}
	return applied, nil
}
