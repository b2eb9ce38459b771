// Command migrate applies the SQL migrations.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/platform/database"
	"github.com/soundledger/artistpay/migrations"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	db, cleanup, err := database.Open(cfg)
	if err != nil {
		slog.Error("open", "err", err)
		os.Exit(1)
	}
	defer cleanup()
	sqlDB, err := database.SQLDB(db)
	if err != nil {
		slog.Error("pool", "err", err)
		os.Exit(1)
	}
	applied, err := migrations.Apply(context.Background(), sqlDB)
	for _, name := range applied {
		slog.Info("applied", "migration", name)
	}
	if err != nil {
		slog.Error("migrate", "err", err)
		os.Exit(1)
	}
}
