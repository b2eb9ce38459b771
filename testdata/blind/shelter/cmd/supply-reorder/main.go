// Command supply-reorder is the nightly reorder job (Kubernetes CronJob,
// backoffLimit 3): it drafts reorders for low-stock items and submits them
// to the distributor.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/platform/pg"
	"github.com/brindlewood-labs/shelternet/internal/providers/distributor"
	"github.com/brindlewood-labs/shelternet/internal/store"
	"github.com/brindlewood-labs/shelternet/internal/supply"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("supply-reorder failed", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGTERM, syscall.SIGINT)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, closeDB, err := pg.Open(cfg)
	if err != nil {
		return err
	}
	defer closeDB()

	// The job publishes nothing; the service only needs a publisher for the
	// delivery webhook path.
	bus := gochannel.NewGoChannel(gochannel.Config{}, nil)
	defer bus.Close()

	svc := supply.NewService(store.NewUnitOfWork(db), store.NewSupplyRepo(db), distributor.New(cfg), bus, cfg, log)
	n, err := svc.RunReorder(ctx, time.Now().UTC())
	if err != nil {
		return err
	}
	log.Info("reorders submitted", "count", n)
	return nil
}
