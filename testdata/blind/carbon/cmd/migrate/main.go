// Command migrate applies the embedded schema migrations.
package main

import (
	"context"
	"os"

	"github.com/terravault/carbonreg/internal/app"
	"github.com/terravault/carbonreg/internal/config"
	"github.com/terravault/carbonreg/internal/db"
	"github.com/terravault/carbonreg/internal/store"
)

func main() {
	log := app.Logger("migrate")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	h, err := db.Open(context.Background(), cfg.DatabaseURL)
	if err != nil {
		log.Error("db", "err", err)
		os.Exit(1)
	}
	defer h.Close()
	if err := store.Migrate(h.SQL); err != nil {
		log.Error("migrate", "err", err)
		os.Exit(1)
	}
	log.Info("schema up to date")
}
