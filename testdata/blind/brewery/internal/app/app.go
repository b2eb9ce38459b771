// Package app assembles the service with google/wire.
package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/ironkettle/taproute/internal/consumer"
	"github.com/ironkettle/taproute/internal/outbox"
	"github.com/ironkettle/taproute/internal/store"
	"github.com/ironkettle/taproute/internal/tasks"
)

// App is the fully wired service.
type App struct {
	Pool      *pgxpool.Pool
	HTTP      *http.Server
	Consumers *consumer.Runner
	Worker    *tasks.Server
	Enqueuer  *tasks.Enqueuer
	Relay     *outbox.Relay
}

// Run migrates the database and runs every component until ctx is done.
func (a *App) Run(ctx context.Context) error {
	if err := store.Migrate(ctx, a.Pool); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}

	stopConsumers, err := a.Consumers.Start(ctx)
	if err != nil {
		return err
	}
	defer stopConsumers()

	if err := a.Worker.Srv.Start(a.Worker.Mux); err != nil {
		return fmt.Errorf("start worker: %w", err)
	}
	defer a.Worker.Srv.Shutdown()

	go a.Relay.Run(ctx)
	go tasks.RunDailySweep(ctx, a.Enqueuer, time.Now)

	errc := make(chan error, 1)
	go func() {
		slog.Info("http listening", "addr", a.HTTP.Addr)
		if err := a.HTTP.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
		close(errc)
	}()

	select {
	case <-ctx.Done():
	case err := <-errc:
		if err != nil {
			return err
		}
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return a.HTTP.Shutdown(shutdownCtx)
}
