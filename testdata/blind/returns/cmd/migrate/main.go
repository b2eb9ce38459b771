// Command migrate applies the goose schema migrations and river's own
// migrations.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/northwind-retail/rma/db"
	"github.com/northwind-retail/rma/internal/config"
	"github.com/northwind-retail/rma/internal/platform/pg"
)

func main() {
	down := flag.Bool("down", false, "roll back the most recent goose migration")
	flag.Parse()
	log := slog.New(slog.NewTextHandler(os.Stderr, nil))

	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx := context.Background()
	pool, err := pg.Open(ctx, cfg.DatabaseURL, 4)
	if err != nil {
		log.Error("connect", "err", err)
		os.Exit(1)
	}
	defer pool.Close()

	sqlDB := stdlib.OpenDBFromPool(pool)
	defer sqlDB.Close()

	goose.SetBaseFS(db.Migrations)
	if err := goose.SetDialect("postgres"); err != nil {
		log.Error("goose dialect", "err", err)
		os.Exit(1)
	}
	if *down {
		err = goose.DownContext(ctx, sqlDB, "migrations")
	} else {
		err = goose.UpContext(ctx, sqlDB, "migrations")
	}
	if err != nil {
		log.Error("goose", "err", err)
		os.Exit(1)
	}

	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		log.Error("river migrator", "err", err)
		os.Exit(1)
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		log.Error("river migrate", "err", err)
		os.Exit(1)
	}
	log.Info("migrations applied")
}
