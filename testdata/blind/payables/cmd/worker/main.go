// Command worker runs the queue consumers and the outbox relay.
package main

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/samber/do/v2"
	"golang.org/x/sync/errgroup"

	"github.com/northwind/payables/internal/app"
	"github.com/northwind/payables/internal/config"
	"github.com/northwind/payables/internal/consumer"
	"github.com/northwind/payables/internal/platform/queue"
	"github.com/northwind/payables/internal/worker"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	injector := app.New(cfg)
	log := do.MustInvoke[*slog.Logger](injector)
	db := do.MustInvoke[*sql.DB](injector)
	defer db.Close()
	handlers := do.MustInvoke[*consumer.Handlers](injector)
	relay := do.MustInvoke[*worker.OutboxRelay](injector)
	publisher := do.MustInvoke[*queue.Publisher](injector)

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	runner := queue.NewRunner(log, handlers.Table(cfg)...)
	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error { return runner.Run(gctx) })
	g.Go(func() error { return relay.Run(gctx) })

	err = g.Wait()
	shutCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	_ = publisher.Close(shutCtx)
	if err != nil && !errors.Is(err, context.Canceled) {
		log.Error("worker stopped", "err", err)
		os.Exit(1)
	}
	log.Info("worker stopped")
}
