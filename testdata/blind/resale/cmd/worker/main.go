// Command worker processes background tasks (ticket transfers, refunds,
// payouts, receipts) and runs the periodic scheduler.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/hibiken/asynq"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/worker"
)

type app struct {
	Server    *asynq.Server
	Scheduler *asynq.Scheduler
	Worker    *worker.Worker
	Log       *slog.Logger
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("load config", "err", err)
		os.Exit(1)
	}
	a, cleanup, err := initializeApp(cfg)
	if err != nil {
		slog.Error("initialize", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := a.Scheduler.Start(); err != nil {
		a.Log.Error("scheduler start", "err", err)
		return
	}
	defer a.Scheduler.Shutdown()

	if err := a.Server.Start(a.Worker.Mux()); err != nil {
		a.Log.Error("worker start", "err", err)
		return
	}
	a.Log.Info("worker running", "concurrency", cfg.Worker.Concurrency)

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	<-ctx.Done()
	a.Server.Shutdown()
}
