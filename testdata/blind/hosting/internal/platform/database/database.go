// Package database opens the Postgres connection pool and applies migrations.
package database

import (
	"context"
	"fmt"
	"io/fs"
	"log/slog"
	"sort"
	"strings"
	"time"

	"gorm.io/driver/postgres"
	"gorm.io/gorm"
	"gorm.io/gorm/logger"

	"github.com/nimbusrack/hosting/internal/platform/config"
	"github.com/nimbusrack/hosting/internal/platform/migrations"
)

// Open returns a gorm handle configured for the service.
func Open(cfg *config.Config) (*gorm.DB, error) {
	db, err := gorm.Open(postgres.Open(cfg.DatabaseURL), &gorm.Config{
		Logger:                 logger.Default.LogMode(logger.Warn),
		SkipDefaultTransaction: true,
		NowFunc:                func() time.Time { return time.Now().UTC() },
	})
	if err != nil {
		return nil, fmt.Errorf("database: open: %w", err)
	}
	sqlDB, err := db.DB()
	if err != nil {
		return nil, err
	}
	sqlDB.SetMaxOpenConns(cfg.DatabaseMaxOpen)
	sqlDB.SetMaxIdleConns(cfg.DatabaseMaxOpen / 2)
	sqlDB.SetConnMaxLifetime(30 * time.Minute)
	return db, nil
}

type schemaMigration struct {
	Version   string `gorm:"primaryKey"`
	AppliedAt time.Time
}

func (schemaMigration) TableName() string { return "schema_migrations" }

// Migrate applies every embedded migration that has not been recorded yet.
func Migrate(ctx context.Context, db *gorm.DB) error {
	if err := db.WithContext(ctx).Exec(`CREATE TABLE IF NOT EXISTS schema_migrations (
		version TEXT PRIMARY KEY,
		applied_at TIMESTAMPTZ NOT NULL DEFAULT now()
	)`).Error; err != nil {
		return err
	}

	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return err
	}
	sort.Strings(names)

	for _, name := range names {
		version := strings.TrimSuffix(name, ".sql")
		err := db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
			if err := tx.Exec("SELECT pg_advisory_xact_lock(7421001)").Error; err != nil {
				return err
			}
			var count int64
			if err := tx.Model(&schemaMigration{}).Where("version = ?", version).Count(&count).Error; err != nil {
				return err
			}
			if count > 0 {
				return nil
			}
			body, err := migrations.FS.ReadFile(name)
			if err != nil {
				return err
			}
			if err := tx.Exec(string(body)).Error; err != nil {
				return fmt.Errorf("migration %s: %w", name, err)
			}
			slog.Info("applied migration", "version", version)
			return tx.Create(&schemaMigration{Version: version, AppliedAt: time.Now().UTC()}).Error
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// IsUniqueViolation reports whether err is a Postgres unique_violation.
func IsUniqueViolation(err error) bool {
	if err == nil {
		return false
	}
	return strings.Contains(err.Error(), "SQLSTATE 23505") || strings.Contains(err.Error(), "duplicate key value")
}
