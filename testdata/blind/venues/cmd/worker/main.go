// Command worker runs the asynq task handlers.
package main

import (
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/app"
	"github.com/vowhall/venues/internal/tasks"
	"github.com/vowhall/venues/internal/worker"
)

func main() {
	c := dig.New()
	extra := []app.Provider{
		{Ctor: worker.NewHandlers},
		{Ctor: worker.NewMux},
		{Ctor: newServer},
	}
	if err := app.Provide(c, append(app.All(), extra...)...); err != nil {
		slog.Error("wire worker", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("worker stopped", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

func newServer(opt asynq.RedisClientOpt) *asynq.Server {
	return asynq.NewServer(opt, asynq.Config{
		Concurrency: 20,
		Queues: map[string]int{
			tasks.QueueCritical: 6,
			tasks.QueueDefault:  3,
		},
		ShutdownTimeout: 25 * time.Second,
		RetryDelayFunc:  asynq.DefaultRetryDelayFunc,
	})
}

func run(srv *asynq.Server, mux *asynq.ServeMux, db *sqlx.DB) error {
	defer db.Close()
	return srv.Run(mux)
}
