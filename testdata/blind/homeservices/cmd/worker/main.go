// Command worker runs the asynq background tasks.
package main

import (
	"log/slog"
	"os"

	"github.com/hibiken/asynq"

	"github.com/tradeloop/homeservices/internal/config"
)

type app struct {
	server *asynq.Server
	mux    *asynq.ServeMux
}

func newApp(server *asynq.Server, mux *asynq.ServeMux) *app {
	return &app{server: server, mux: mux}
}

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("component", "worker"))
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	a, cleanup, err := initApp(cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	// Run blocks until SIGTERM/SIGINT and then waits for in-flight tasks.
	if err := a.server.Run(a.mux); err != nil {
		slog.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}
