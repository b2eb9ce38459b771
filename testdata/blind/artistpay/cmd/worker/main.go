// Command worker processes background tasks from the asynq queues.
package main

import (
	"log/slog"
	"os"

	"github.com/hibiken/asynq"

	"github.com/soundledger/artistpay/internal/config"
)

type app struct {
	server *asynq.Server
	mux    *asynq.ServeMux
}

func newApp(server *asynq.Server, mux *asynq.ServeMux) *app {
	return &app{server: server, mux: mux}
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	a, cleanup, err := initializeApp(cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()
	if err := a.server.Run(a.mux); err != nil {
		slog.Error("worker", "err", err)
		os.Exit(1)
	}
}
