// Command migrate applies the embedded goose migrations.
package main

import (
	"context"
	"os"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/migrations"
	"github.com/encorelane/resale/internal/platform/logging"
	"github.com/encorelane/resale/internal/platform/store"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		os.Stderr.WriteString(err.Error() + "\n")
		os.Exit(1)
	}
	log := logging.New(cfg.LogLevel)
	db, cleanup, err := store.Open(cfg)
	if err != nil {
		log.Error("open database", "err", err)
		os.Exit(1)
	}
	defer cleanup()
	sqlDB, err := db.DB()
	if err != nil {
		log.Error("database handle", "err", err)
		os.Exit(1)
	}

	if err := migrations.Up(context.Background(), sqlDB, log); err != nil {
		log.Error("migrate", "err", err)
		os.Exit(1)
	}
}
