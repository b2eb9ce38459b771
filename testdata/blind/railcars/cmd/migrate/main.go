// Command migrate applies the SQL migrations under migrations/.
package main

import (
	"errors"
	"flag"
	"log"
	"os"

	"github.com/golang-migrate/migrate/v4"
	_ "github.com/golang-migrate/migrate/v4/database/postgres"
	_ "github.com/golang-migrate/migrate/v4/source/file"
)

func main() {
	dir := flag.String("dir", "migrations", "migrations directory")
	down := flag.Bool("down", false, "roll back one migration")
	flag.Parse()

	url := os.Getenv("DATABASE_URL")
	if url == "" {
		log.Fatal("DATABASE_URL is required")
	}
	m, err := migrate.New("file://"+*dir, url)
	if err != nil {
		log.Fatalf("migrate: %v", err)
	}
	defer m.Close()
	if *down {
		err = m.Steps(-1)
	} else {
		err = m.Up()
	}
	if err != nil && !errors.Is(err, migrate.ErrNoChange) {
		log.Fatalf("migrate: %v", err)
	}
	v, dirty, _ := m.Version()
	log.Printf("schema at version %d (dirty=%v)", v, dirty)
}
