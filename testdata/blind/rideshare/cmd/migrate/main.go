// Command migrate applies the goose migrations in ./migrations.
package main

import (
	"context"
	"flag"
	"os"

	"github.com/pressly/goose/v3"

	"github.com/wayfare/ridepay/internal/app"
	"github.com/wayfare/ridepay/internal/config"
	"github.com/wayfare/ridepay/internal/store"
)

func main() {
	dir := flag.String("dir", "migrations", "migrations directory")
	flag.Parse()
	command := "up"
	if flag.NArg() > 0 {
		command = flag.Arg(0)
	}

	log := app.Logger("ridepay-migrate")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx := context.Background()
	sqldb, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer sqldb.Close()

	if err := goose.SetDialect("postgres"); err != nil {
		log.Error("goose dialect", "err", err)
		os.Exit(1)
	}
	if err := goose.RunContext(ctx, command, sqldb, *dir, flag.Args()[min(1, flag.NArg()):]...); err != nil {
		log.Error("goose", "command", command, "err", err)
		os.Exit(1)
	}
}
