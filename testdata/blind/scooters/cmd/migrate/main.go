// Command migrate applies the application schema (golang-migrate) and the
// river queue schema.
package main

import (
	"context"
	"errors"
	"flag"
	"log"
	"os"
	"strings"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/kickvolt/ridecore/migrations"
)

func main() {
	down := flag.Bool("down", false, "roll back one application migration")
	flag.Parse()

	dbURL := os.Getenv("DATABASE_URL")
	if dbURL == "" {
		log.Fatal("DATABASE_URL is required")
	}

	src, err := iofs.New(migrations.FS, ".")
	if err != nil {
		log.Fatal(err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, migrateURL(dbURL))
	if err != nil {
		log.Fatal(err)
	}
	if *down {
		err = m.Steps(-1)
	} else {
		err = m.Up()
	}
	if err != nil && !errors.Is(err, migrate.ErrNoChange) {
		log.Fatal(err)
	}

	ctx := context.Background()
	pool, err := pgxpool.New(ctx, dbURL)
	if err != nil {
		log.Fatal(err)
	}
	defer pool.Close()
	rm, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		log.Fatal(err)
	}
	if !*down {
		if _, err := rm.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
			log.Fatal(err)
		}
	}
	log.Print("migrations applied")
}

// migrateURL swaps the scheme for the one golang-migrate's pgx v5 driver
// registers (pgx5://).
func migrateURL(dbURL string) string {
	if i := strings.Index(dbURL, "://"); i >= 0 {
		return "pgx5" + dbURL[i:]
	}
	return dbURL
}
