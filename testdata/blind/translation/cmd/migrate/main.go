// Command migrate applies the embedded SQL migrations in order.
package main

import (
	"context"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"time"

	"gorm.io/gorm"

	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/migrations"
)

type schemaMigration struct {
	Version   string `gorm:"primaryKey"`
	AppliedAt time.Time
}

func main() {
	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		fmt.Fprintln(os.Stderr, "DATABASE_URL is required")
		os.Exit(2)
	}
	db, err := platform.OpenDB(dsn, 2)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	if err := run(context.Background(), db); err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}

func run(ctx context.Context, db *gorm.DB) error {
	if err := db.WithContext(ctx).Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
		version text PRIMARY KEY, applied_at timestamptz NOT NULL)`).Error; err != nil {
		return err
	}
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)
	for _, name := range names {
		var n int64
		if err := db.WithContext(ctx).Table("schema_migrations").Where("version = ?", name).Count(&n).Error; err != nil {
			return err
		}
		if n > 0 {
			continue
		}
		body, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			return err
		}
		err = db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec(string(body)).Error; err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
			return tx.Table("schema_migrations").Create(&schemaMigration{Version: name, AppliedAt: time.Now().UTC()}).Error
		})
		if err != nil {
			return err
		}
		fmt.Println("applied", name)
	}
	return nil
}
