// Command consumer applies the promoter's event stream: ticket transfer
// outcomes and event cancellations, reschedules and completions.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/consumer"
)

type app struct {
	Runner *consumer.Runner
	Log    *slog.Logger
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

	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	err = a.Runner.Run(ctx)
	stop()
	cleanup()
	if err != nil {
		// Exit non-zero so the orchestrator restarts us; the group resumes
		// from the last committed offset.
		a.Log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
