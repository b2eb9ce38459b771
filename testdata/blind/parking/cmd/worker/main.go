// Command worker runs the background side of the platform: asynq task
// handlers, the nightly schedule and the JetStream consumers for the garage
// ANPR cameras.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/hibiken/asynq"

	"github.com/cityparking/parking/internal/anpr"
	"github.com/cityparking/parking/internal/config"
	"github.com/cityparking/parking/internal/platform/logx"
)

type worker struct {
	server    *asynq.Server
	mux       *asynq.ServeMux
	scheduler *asynq.Scheduler
	consumers *anpr.Runner
}

func newWorker(server *asynq.Server, mux *asynq.ServeMux, scheduler *asynq.Scheduler, consumers *anpr.Runner) *worker {
	return &worker{server: server, mux: mux, scheduler: scheduler, consumers: consumers}
}

func main() {
	log := logx.New()
	slog.SetDefault(log)

	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	w, cleanup, err := initializeWorker(ctx, cfg, log)
	if err != nil {
		log.Error("init", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := w.consumers.Start(ctx); err != nil {
		log.Error("anpr consumers", "err", err)
		os.Exit(1)
	}
	defer w.consumers.Stop()

	if err := w.scheduler.Start(); err != nil {
		log.Error("scheduler", "err", err)
		os.Exit(1)
	}
	defer w.scheduler.Shutdown()

	if err := w.server.Start(w.mux); err != nil {
		log.Error("asynq server", "err", err)
		os.Exit(1)
	}
	log.Info("worker running")

	<-ctx.Done()
	log.Info("worker shutting down")
	w.server.Shutdown()
}
