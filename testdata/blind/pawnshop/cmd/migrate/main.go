// Command migrate applies the schema migrations and River's own tables.
package main

import (
	"context"
	"errors"
	"flag"
	"log/slog"
	"os"

	"github.com/golang-migrate/migrate/v4"
	pgxmigrate "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/ironvault/pawnline/db"
	"github.com/ironvault/pawnline/internal/postgres"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	down := flag.Int("down", 0, "roll back this many schema migrations instead of migrating up")
	flag.Parse()
	if err := run(log, *down); err != nil {
		log.Error("migrate failed", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, down int) error {
	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		return errors.New("DATABASE_URL is required")
	}
	ctx := context.Background()
	sqlDB, err := postgres.Open(ctx, dsn, postgres.Options{MaxOpenConns: 2})
	if err != nil {
		return err
	}
	defer sqlDB.Close()

	src, err := iofs.New(db.Migrations, "migrations")
	if err != nil {
		return err
	}
	driver, err := pgxmigrate.WithInstance(sqlDB.DB, &pgxmigrate.Config{})
	if err != nil {
		return err
	}
	m, err := migrate.NewWithInstance("iofs", src, "pgx5", driver)
	if err != nil {
		return err
	}
	if down > 0 {
		err = m.Steps(-down)
	} else {
		err = m.Up()
	}
	if err != nil && !errors.Is(err, migrate.ErrNoChange) {
		return err
	}
	version, dirty, _ := m.Version()
	log.Info("schema migrated", "version", version, "dirty", dirty)

	if down > 0 {
		return nil
	}
	migrator, err := rivermigrate.New(riverdatabasesql.New(sqlDB.DB), nil)
	if err != nil {
		return err
	}
	res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		return err
	}
	log.Info("river migrated", "versions", len(res.Versions))
	return nil
}
