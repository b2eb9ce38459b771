// Command worker runs the asynq task handlers: refunds, payouts,
// settlements, automatic top-ups and notification delivery.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/loopgate/festival-cashless/internal/config"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	w, cleanup, err := initWorker(context.Background(), cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := w.Run(); err != nil {
		slog.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}
