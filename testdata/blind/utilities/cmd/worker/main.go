// Command worker runs the Temporal worker for meter-reading estimates.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	"github.com/gridwell/utilities/internal/config"
	"github.com/gridwell/utilities/internal/estimates"
)

type app struct {
	log    *slog.Logger
	worker worker.Worker
}

func newWorker(cfg *config.Config, c client.Client, acts *estimates.Activities) worker.Worker {
	queue := cfg.TemporalTaskQueue
	if queue == "" {
		queue = estimates.TaskQueue
	}
	return estimates.NewWorker(c, queue, acts)
}

func newApp(log *slog.Logger, w worker.Worker) *app {
	return &app{log: log, worker: w}
}

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := initializeWorker(ctx)
	if err != nil {
		slog.Error("init worker", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	a.log.Info("estimate worker starting")
	interrupt := make(chan interface{})
	go func() {
		<-ctx.Done()
		close(interrupt)
	}()
	if err := a.worker.Run(interrupt); err != nil {
		a.log.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}
