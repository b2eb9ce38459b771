package pg

import (
	"errors"
	"fmt"
	"strings"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"

	"github.com/pawtrail-labs/pawtrail/db"
)

// MigrateUp applies every pending file in db/migrations.
func MigrateUp(databaseURL string) error {
	src, err := iofs.New(db.Migrations, "migrations")
	if err != nil {
		return fmt.Errorf("migrate: source: %w", err)
	}
	dsn := databaseURL
	if after, ok := strings.CutPrefix(dsn, "postgres://"); ok {
		dsn = "pgx5://" + after
	} else if after, ok := strings.CutPrefix(dsn, "postgresql://"); ok {
		dsn = "pgx5://" + after
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, dsn)
	if err != nil {
		return fmt.Errorf("migrate: init: %w", err)
	}
	defer m.Close()
	if err := m.Up(); err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return fmt.Errorf("migrate: up: %w", err)
	}
	return nil
}
