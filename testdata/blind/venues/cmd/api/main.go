// Command api serves the public HTTP API and the provider webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	"github.com/labstack/echo/v4"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/app"
	"github.com/vowhall/venues/internal/config"
	"github.com/vowhall/venues/internal/httpapi"
)

func main() {
	c := dig.New()
	if err := app.Provide(c, append(app.All(), app.Provider{Ctor: httpapi.NewServer})...); err != nil {
		slog.Error("wire api", "err", err)
		os.Exit(1)
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("api stopped", "err", dig.RootCause(err))
		os.Exit(1)
	}
}

func run(e *echo.Echo, cfg config.Config, log *slog.Logger, db *sqlx.DB, queue *asynq.Client) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer db.Close()
	defer queue.Close()

	errc := make(chan error, 1)
	go func() {
		log.Info("api listening", "addr", cfg.HTTPAddr)
		if err := e.Start(cfg.HTTPAddr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			errc <- err
		}
		close(errc)
	}()

	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return e.Shutdown(shutdownCtx)
}
