// Command migrate applies the embedded SQL migrations.
package main

import (
	"errors"
	"flag"
	"log"
	"os"
	"strings"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/pgx/v5"
	"github.com/golang-migrate/migrate/v4/source/iofs"

	schema "github.com/pulsefit/memberships/db"
)

func main() {
	down := flag.Bool("down", false, "roll back one migration")
	flag.Parse()

	dsn := os.Getenv("DATABASE_URL")
	if dsn == "" {
		log.Fatal("DATABASE_URL is required")
	}
	dsn = "pgx5://" + strings.TrimPrefix(strings.TrimPrefix(dsn, "postgres://"), "postgresql://")

	src, err := iofs.New(schema.Migrations, "migrations")
	if err != nil {
		log.Fatal(err)
	}
	m, err := migrate.NewWithSourceInstance("iofs", src, dsn)
	if err != nil {
		log.Fatal(err)
	}
	defer m.Close()

	if *down {
		err = m.Steps(-1)
	} else {
		err = m.Up()
	}
	if err != nil && !errors.Is(err, migrate.ErrNoChange) {
		log.Fatal(err)
	}
	v, dirty, _ := m.Version()
	log.Printf("schema at version %d (dirty=%v)", v, dirty)
}
