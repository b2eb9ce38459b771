// Command fleet-worker runs the telematics consumers, the SQS queue
// consumers, the asynq task server and the nightly scheduler.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/acme/fleet/internal/config"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	w, cleanup, err := initializeWorker(cfg, log)
	if err != nil {
		log.Error("wiring", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := w.Run(ctx); err != nil && ctx.Err() == nil {
		log.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}
