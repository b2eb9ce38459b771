// Package migrator applies the embedded golang-migrate migrations.
package migrator

import (
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5" // registers pgx5://
	"github.com/golang-migrate/migrate/v4/source/iofs"

	"github.com/liftwell-systems/liftcare/db"
)

// Up migrates the database at databaseURL to the latest version.
func Up(databaseURL string, log *slog.Logger) error {
	src, err := iofs.New(db.Migrations, "migrations")
	if err != nil {
		return fmt.Errorf("migrator: open source: %w", err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, toPGX5(databaseURL))
	if err != nil {
		return fmt.Errorf("migrator: init: %w", err)
	}
	defer func() {
		srcErr, dbErr := m.Close()
		if srcErr != nil || dbErr != nil {
			log.Warn("migrator close", "source_err", srcErr, "db_err", dbErr)
		}
	}()
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrator: up: %w", err)
	}
	v, dirty, _ := m.Version()
	log.Info("schema ready", "version", v, "dirty", dirty)
	return nil
}

func toPGX5(u string) string {
	for _, p := range []string{"postgres://", "postgresql://"} {
		if strings.HasPrefix(u, p) {
			return "pgx5://" + strings.TrimPrefix(u, p)
		}
	}
	return u
}
