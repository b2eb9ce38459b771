// Command worker runs the asynq task worker and scheduler.
package main

import (
	"log/slog"
	"os"

	"github.com/fieldday/leagues/internal/config"
	"github.com/fieldday/leagues/internal/di"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	app, cleanup, err := di.InitializeWorker(cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()
	if err := app.Run(); err != nil {
		slog.Error("worker", "err", err)
		cleanup()
		os.Exit(1)
	}
}
