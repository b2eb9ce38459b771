package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"

	"go.temporal.io/sdk/worker"

	"github.com/kerfhall/makerspace/internal/accesssync"
	"github.com/kerfhall/makerspace/internal/platform/httpx"
	"github.com/kerfhall/makerspace/internal/platform/stream"
)

// App is the assembled service: HTTP API, JetStream consumers and the Temporal worker.
type App struct {
	HTTP      *http.Server
	Consumers *stream.Runner
	Worker    worker.Worker
	Starter   *accesssync.Starter
}

// NewApp assembles the App.
func NewApp(srv *http.Server, runner *stream.Runner, w worker.Worker, starter *accesssync.Starter) *App {
	return &App{HTTP: srv, Consumers: runner, Worker: w, Starter: starter}
}

// Run starts every component and blocks until ctx is cancelled or one fails.
func (a *App) Run(ctx context.Context) error {
	if err := a.Worker.Start(); err != nil {
		return fmt.Errorf("temporal worker: %w", err)
	}
	defer a.Worker.Stop()

	if err := a.Starter.EnsureReconcileSchedule(ctx); err != nil {
		slog.WarnContext(ctx, "credential reconcile schedule", "err", err)
	}

	if err := a.Consumers.Start(ctx); err != nil {
		return fmt.Errorf("consumers: %w", err)
	}
	defer a.Consumers.Stop()

	slog.InfoContext(ctx, "http listening", "addr", a.HTTP.Addr)
	return httpx.Serve(ctx, a.HTTP)
}
