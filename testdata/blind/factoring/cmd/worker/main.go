// Command worker executes queued tasks: payouts, notices, credit checks,
// collections, fee accrual and advance close-out.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
)

func main() {
	cfg := loadConfig()
	runner, cleanup, err := initializeWorker(cfg)
	if err != nil {
		slog.Error("initialise worker", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	if err := runner.Run(ctx); err != nil {
		slog.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}
