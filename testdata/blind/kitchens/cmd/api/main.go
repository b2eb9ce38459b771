// Command api serves the public HTTP API. Run with -migrate from the
// deploy job to apply schema migrations first.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/signal"
	"syscall"

	"github.com/hearthkit/commissary/internal/app"
	"github.com/hearthkit/commissary/internal/config"
	"github.com/hearthkit/commissary/internal/repository/schema"
)

func main() {
	migrateOnly := flag.Bool("migrate", false, "apply embedded SQL migrations and exit")
	flag.Parse()
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	if *migrateOnly {
		db, closeDB, err := app.ProvideDB(ctx, cfg)
		if err != nil {
			log.Fatal(err)
		}
		defer closeDB()
		applied, err := schema.Migrate(ctx, db)
		log.Printf("migrations applied: %v", applied)
		if err != nil {
			log.Fatalf("migrate: %v", err)
		}
		return
	}

	srv, cleanup, err := initializeServer(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	log.Printf("api listening on %s", cfg.HTTPAddr)
	if err := srv.Run(ctx); err != nil {
		log.Printf("server: %v", err)
	}
}
