// Command migrate applies River's schema and then the service's own
// migrations, recording applied files in schema_migrations.
package main

import (
	"context"
	"fmt"
	"io/fs"
	"log"
	"os"
	"sort"
	"time"

	"github.com/riverqueue/river/riverdriver/riverdatabasesql"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/pawpath/vetclinic/internal/adapters/postgres"
	"github.com/pawpath/vetclinic/migrations"
)

func main() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	db, err := postgres.Open(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		log.Fatal(err)
	}
	defer db.Close()

	migrator, err := rivermigrate.New(riverdatabasesql.New(db.DB), nil)
	if err != nil {
		log.Fatal(err)
	}
	res, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil)
	if err != nil {
		log.Fatalf("river migrate: %v", err)
	}
	for _, v := range res.Versions {
		fmt.Printf("river: applied version %d\n", v.Version)
	}

	if _, err := db.ExecContext(ctx, `
		CREATE TABLE IF NOT EXISTS schema_migrations (
		    name text PRIMARY KEY,
		    applied_at timestamptz NOT NULL DEFAULT now())`); err != nil {
		log.Fatal(err)
	}
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		log.Fatal(err)
	}
	sort.Strings(names)
	for _, name := range names {
		var done bool
		if err := db.GetContext(ctx, &done,
			`SELECT EXISTS (SELECT 1 FROM schema_migrations WHERE name = $1)`, name); err != nil {
			log.Fatal(err)
		}
		if done {
			continue
		}
		body, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			log.Fatal(err)
		}
		tx, err := db.BeginTxx(ctx, nil)
		if err != nil {
			log.Fatal(err)
		}
		if _, err := tx.ExecContext(ctx, string(body)); err != nil {
			_ = tx.Rollback()
			log.Fatalf("%s: %v", name, err)
		}
		if _, err := tx.ExecContext(ctx, `INSERT INTO schema_migrations (name) VALUES ($1)`, name); err != nil {
			_ = tx.Rollback()
			log.Fatal(err)
		}
		if err := tx.Commit(); err != nil {
			log.Fatal(err)
		}
		fmt.Printf("applied %s\n", name)
	}
}
