// Command worker runs the asynq task handlers: certificate rendering,
// payouts, registry submissions, order expiry and webhook delivery.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/hibiken/asynq"

	"github.com/terravault/carbonreg/internal/app"
	"github.com/terravault/carbonreg/internal/config"
)

type workerApp struct {
	srv *asynq.Server
	mux *asynq.ServeMux
	log *slog.Logger
}

func newWorkerApp(srv *asynq.Server, mux *asynq.ServeMux, log *slog.Logger) *workerApp {
	return &workerApp{srv: srv, mux: mux, log: log}
}

func (w *workerApp) run(ctx context.Context) error {
	if err := w.srv.Start(w.mux); err != nil {
		return err
	}
	w.log.Info("worker started")
	<-ctx.Done()
	w.srv.Shutdown()
	return nil
}

func main() {
	log := app.Logger("worker")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	w, cleanup, err := initializeWorker(ctx, cfg, log)
	if err != nil {
		log.Error("startup", "err", err)
		os.Exit(1)
	}
	defer cleanup()
	if err := w.run(ctx); err != nil {
		log.Error("worker stopped", "err", err)
		os.Exit(1)
	}
}
