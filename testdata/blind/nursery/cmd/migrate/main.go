// Command migrate applies the golang-migrate migrations embedded from
// db/migrations.
package main

import (
	"errors"
	"flag"
	"fmt"
	"os"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"

	dbmigrations "github.com/acornlane-childcare/nursery/db"
)

func main() {
	down := flag.Bool("down", false, "roll back one migration")
	flag.Parse()

	if err := run(*down); err != nil {
		fmt.Fprintln(os.Stderr, "migrate:", err)
		os.Exit(1)
	}
}

func run(down bool) error {
	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		return errors.New("DATABASE_URL is required")
	}
	src, err := iofs.New(dbmigrations.Migrations, "migrations")
	if err != nil {
		return err
	}
	// golang-migrate's pgx/v5 driver registers the pgx5:// scheme.
	m, err := migrate.NewWithSourceInstance("iofs", src, "pgx5://"+trimScheme(dsn))
	if err != nil {
		return err
	}
	defer m.Close()

	if down {
		err = m.Steps(-1)
	} else {
		err = m.Up()
	}
	if errors.Is(err, migrate.ErrNoChange) {
		return nil
	}
	return err
}

func trimScheme(dsn string) string {
	for _, p := range []string{"postgres://", "postgresql://", "pgx5://"} {
		if len(dsn) > len(p) && dsn[:len(p)] == p {
			return dsn[len(p):]
		}
	}
	return dsn
}
