// Command api serves the registration HTTP API.
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
	srv, cleanup, err := di.InitializeAPI(cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()
	if err := srv.Run(); err != nil {
		slog.Error("http server", "err", err)
		cleanup()
		os.Exit(1)
	}
}
