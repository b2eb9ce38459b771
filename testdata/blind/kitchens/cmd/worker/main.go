// Command worker runs the asynq background task handlers.
package main

import (
	"context"
	"log"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"

	"github.com/hearthkit/commissary/internal/config"
	"github.com/hearthkit/commissary/internal/repository"
	"github.com/hearthkit/commissary/internal/tasks"
	"github.com/hearthkit/commissary/internal/worker"
)

// deps is what the injector hands main.
type deps struct {
	Handlers *worker.Handlers
	Store    repository.Store
	Log      *slog.Logger
	Redis    asynq.RedisClientOpt
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	d, cleanup, err := initializeWorker(ctx, cfg)
	if err != nil {
		log.Fatalf("init: %v", err)
	}
	defer cleanup()

	srv := asynq.NewServer(d.Redis, asynq.Config{
		Concurrency:     cfg.WorkerConcurrency,
		Queues:          tasks.Queues,
		RetryDelayFunc:  worker.RetryDelay,
		ShutdownTimeout: 25 * time.Second,
	})
	mux := worker.NewMux(d.Handlers, worker.Logging(d.Log), worker.AttemptLog(d.Store, d.Log))

	if err := srv.Start(mux); err != nil {
		log.Fatalf("worker: %v", err)
	}
	<-ctx.Done()
	srv.Shutdown()
}
