// Command worker runs the asynq task handlers: card encoding and shipping,
// instalment charges, refunds, loyalty grants and notifications.
package main

import (
	"log"
	"log/slog"

	"github.com/hibiken/asynq"

	"github.com/summitline/skipass/internal/config"
)

type app struct {
	server *asynq.Server
	mux    *asynq.ServeMux
	log    *slog.Logger
}

func newApp(server *asynq.Server, mux *asynq.ServeMux, log *slog.Logger) *app {
	return &app{server: server, mux: mux, log: log}
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	a, cleanup, err := initApp(cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer cleanup()

	a.log.Info("worker starting", "concurrency", cfg.WorkerConcur)
	if err := a.server.Run(a.mux); err != nil {
		a.log.Error("worker stopped", "err", err)
	}
}
