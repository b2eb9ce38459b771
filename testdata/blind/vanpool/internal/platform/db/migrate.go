package db

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5" // registers pgx5://
	"github.com/golang-migrate/migrate/v4/source/iofs"

	"github.com/pooltrack/vanpool/internal/config"
	"github.com/pooltrack/vanpool/migrations"
)

// RunMigrations applies the embedded golang-migrate migrations at boot unless
// MIGRATE_ON_BOOT is false (production runs them as a separate release step).
func RunMigrations(cfg *config.Config, log *slog.Logger) error {
	if !cfg.MigrateOnBoot {
		log.Info("skipping schema migrations")
		return nil
	}
	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		return fmt.Errorf("migrate: source: %w", err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, migrateURL(cfg.DatabaseURL))
	if err != nil {
		return fmt.Errorf("migrate: init: %w", err)
	}
	defer m.Close()
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate: up: %w", err)
	}
	v, dirty, _ := m.Version()
	log.Info("schema migrated", "version", v, "dirty", dirty)
	return nil
}

// migrateURL rewrites a postgres:// URL to the pgx5:// scheme golang-migrate's
// pgx/v5 driver registers.
func migrateURL(dsn string) string {
	for _, prefix := range []string{"postgres://", "postgresql://"} {
		if strings.HasPrefix(dsn, prefix) {
			return "pgx5://" + strings.TrimPrefix(dsn, prefix)
		}
	}
	return dsn
}
