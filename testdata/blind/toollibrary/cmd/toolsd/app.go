package main

import (
	"log/slog"
	"net/http"

	"github.com/hibiken/asynq"
	"go.temporal.io/sdk/worker"
)

// App is everything toolsd runs.
type App struct {
	HTTP      *http.Server
	Tasks     *asynq.Server
	Mux       *asynq.ServeMux
	Scheduler *asynq.Scheduler
	Worker    worker.Worker
	Log       *slog.Logger
}
