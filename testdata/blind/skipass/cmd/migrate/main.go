// Command migrate applies the SQL migrations in ./migrations.
package main

import (
	"context"
	"flag"
	"log"

	"github.com/uptrace/bun/migrate"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/platform/database"
	"github.com/summitline/skipass/migrations"
)

func main() {
	rollback := flag.Bool("rollback", false, "roll back the last migration group")
	flag.Parse()

	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	db, cleanup, err := database.Open(cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer cleanup()

	ctx := context.Background()
	m := migrate.NewMigrator(db, migrations.Migrations)
	if err := m.Init(ctx); err != nil {
		log.Fatal(err)
	}
	if err := m.Lock(ctx); err != nil {
		log.Fatal(err)
	}
	defer func() { _ = m.Unlock(ctx) }()

	if *rollback {
		g, err := m.Rollback(ctx)
		if err != nil {
			log.Fatal(err)
		}
		log.Printf("rolled back %s", g)
		return
	}
	g, err := m.Migrate(ctx)
	if err != nil {
		log.Fatal(err)
	}
	if g.IsZero() {
		log.Print("database is up to date")
		return
	}
	log.Printf("migrated to %s", g)
}
