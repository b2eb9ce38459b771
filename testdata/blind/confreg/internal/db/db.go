// Package db owns the Postgres connection and the embedded schema.
package db

import (
	"context"
	"embed"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"
)

//go:embed schema.sql
var schemaSQL string

//go:embed patches/*.sql
var patches embed.FS

// Options tunes the connection pool.
type Options struct {
	MaxOpenConns    int
	MaxIdleConns    int
	ConnMaxLifetime time.Duration
	LogSQL          bool
}

// Open connects to Postgres and configures the pool.
func Open(dsn string, opts Options) (*gorm.DB, error) {
	cfg := &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Silent),
		SkipDefaultTransaction: true,
		TranslateError:         true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	}
	if opts.LogSQL {
		cfg.Logger = logger.Default.LogMode(logger.Info)
	}
	gdb, err := gorm.Open(postgres.Open(dsn), cfg)
	if err != nil {
		return nil, fmt.Errorf("open postgres: %w", err)
	}
	sqlDB, err := gdb.DB()
	if err != nil {
		return nil, err
	}
	if opts.MaxOpenConns > 0 {
		sqlDB.SetMaxOpenConns(opts.MaxOpenConns)
	}
	if opts.MaxIdleConns > 0 {
		sqlDB.SetMaxIdleConns(opts.MaxIdleConns)
	}
	if opts.ConnMaxLifetime > 0 {
		sqlDB.SetConnMaxLifetime(opts.ConnMaxLifetime)
	}
	return gdb, nil
}

// Migrate applies the base schema (every statement is IF NOT EXISTS) and then
// any patch that has not been recorded in schema_patches. Each patch and its
// bookkeeping row commit together, so a crashed deploy simply re-runs it.
func Migrate(ctx context.Context, gdb *gorm.DB, log *slog.Logger) error {
	if err := gdb.WithContext(ctx).Exec(schemaSQL).Error; err != nil {
		return fmt.Errorf("apply base schema: %w", err)
	}

	names, err := fs.Glob(patches, "patches/*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)

	for _, name := range names {
		body, err := patches.ReadFile(name)
		if err != nil {
			return err
		}
		err = gdb.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			res := tx.Exec(`INSERT INTO schema_patches (name) VALUES (?) ON CONFLICT (name) DO NOTHING`, name)
			if res.Error != nil {
				return res.Error
			}
			if res.RowsAffected == 0 {
				return nil
			}
			log.Info("applying schema patch", "patch", name)
			return tx.Exec(string(body)).Error
		})
		if err != nil {
			return fmt.Errorf("patch %s: %w", name, err)
		}
	}
	return nil
}
