// Command royalty-migrate applies the service's SQL migrations
// (golang-migrate, db/migrations) and River's own schema migrations.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/soundledger/royalties/db"
)

func main() {
	var (
		direction = flag.String("direction", "up", "up or down")
		steps     = flag.Int("steps", 0, "number of steps for down (0 = one)")
		skipRiver = flag.Bool("skip-river", false, "do not run River's migrations")
	)
	flag.Parse()
	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		fmt.Fprintln(os.Stderr, "DATABASE_URL is required")
		os.Exit(2)
	}
	if err := run(context.Background(), dsn, *direction, *steps, *skipRiver); err != nil {
		fmt.Fprintln(os.Stderr, "royalty-migrate:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, dsn, direction string, steps int, skipRiver bool) error {
	log := slog.Default()

	if !skipRiver && direction == "up" {
		pool, err := pgxpool.New(ctx, dsn)
		if err != nil {
			return err
		}
		defer pool.Close()
		migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
		if err != nil {
			return err
		}
		res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
		if err != nil {
			return fmt.Errorf("river migrations: %w", err)
		}
		for _, v := range res.Versions {
			log.Info("river migration applied", slog.Int("version", v.Version))
		}
	}

	src, err := iofs.New(db.Migrations, "migrations")
	if err != nil {
		return err
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, pgx5URL(dsn))
	if err != nil {
		return err
	}
	defer m.Close()

	switch direction {
	case "up":
		err = m.Up()
	case "down":
		err = m.Steps(-max(steps, 1))
	default:
		return fmt.Errorf("unknown direction %q", direction)
	}
	if errors.Is(err, migrate.ErrNoChange) {
		log.Info("schema up to date")
		return nil
	}
	if err != nil {
		return err
	}
	v, dirty, _ := m.Version()
	log.Info("schema migrated", slog.Uint64("version", uint64(v)), slog.Bool("dirty", dirty))
	return nil
}

// pgx5URL rewrites a postgres:// DSN to the scheme golang-migrate's pgx/v5
// driver registers.
func pgx5URL(dsn string) string {
	for _, p := range []string{"postgres://", "postgresql://"} {
		if strings.HasPrefix(dsn, p) {
			return "pgx5://" + strings.TrimPrefix(dsn, p)
		}
	}
	return dsn
}
