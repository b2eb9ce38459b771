// Package app assembles the process: HTTP API, asynq worker and scheduler.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/hibiken/asynq"

	"github.com/larkspur-travel/tourdesk/internal/config"
	"github.com/larkspur-travel/tourdesk/internal/worker"
)

// App is the assembled process.
type App struct {
	cfg       *config.Config
	log       *slog.Logger
	http      *http.Server
	worker    *asynq.Server
	mux       *asynq.ServeMux
	scheduler *asynq.Scheduler
}

// Run starts every component and blocks until ctx is cancelled.
func (a *App) Run(ctx context.Context) error {
	if err := worker.RegisterPeriodic(a.scheduler); err != nil {
		return err
	}
	if err := a.scheduler.Start(); err != nil {
		return fmt.Errorf("scheduler: %w", err)
	}
	if err := a.worker.Start(a.mux); err != nil {
		return fmt.Errorf("worker: %w", err)
	}
	errCh := make(chan error, 1)
	go func() {
		a.log.Info("http listening", "addr", a.http.Addr)
		if err := a.http.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errCh <- err
		}
		close(errCh)
	}()

	var runErr error
	select {
	case <-ctx.Done():
	case runErr = <-errCh:
	}

	shutdownCtx, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownTimeout)
	defer cancel()
	if err := a.http.Shutdown(shutdownCtx); err != nil {
		a.log.Error("http shutdown", "err", err)
	}
	a.scheduler.Shutdown()
	a.worker.Shutdown()
	return runErr
}

func newHTTPServer(cfg *config.Config, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       120 * time.Second,
	}
}
