// Command shelterd serves the staff API and partner webhooks, relays the
// outbox onto the event bus and runs the event consumers.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sync/errgroup"

	"github.com/brindlewood-labs/shelternet/internal/api"
	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/migrate"
	"github.com/brindlewood-labs/shelternet/internal/platform/pg"
)

func main() {
	migrateFirst := flag.Bool("migrate", true, "apply pending migrations before serving")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log, *migrateFirst); err != nil {
		log.Error("shelterd exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, migrateFirst bool) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}

	if migrateFirst {
		db, closeDB, err := pg.Open(cfg)
		if err != nil {
			return err
		}
		err = migrate.Up(ctx, db, log)
		closeDB()
		if err != nil {
			return err
		}
	}

	a, cleanup, err := initializeApp(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer cleanup()
	defer a.Bus.Close()

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return a.Router.Run(ctx) })
	g.Go(func() error {
		<-a.Router.Running()
		return a.Relay.Run(ctx)
	})
	g.Go(func() error { return api.Run(ctx, a.HTTP, a.Cfg.HTTPAddr) })
	return g.Wait()
}
