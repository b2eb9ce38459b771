// Command api serves the clinic portal, driver app and webhook endpoints.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"github.com/labstack/echo/v4"
	"github.com/uptrace/bun"

	"github.com/carelift-health/nemt/internal/app"
	"github.com/carelift-health/nemt/internal/platform/config"
	"github.com/carelift-health/nemt/internal/platform/database"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	c, err := app.NewContainer()
	if err != nil {
		slog.Error("container", "err", err)
		os.Exit(1)
	}
	err = c.Invoke(func(cfg *config.Config, db *bun.DB, e *echo.Echo, log *slog.Logger) error {
		defer db.Close()
		if cfg.MigrateOnStart {
			if err := database.Migrate(ctx, db); err != nil {
				return err
			}
		}

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
		shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		defer cancel()
		return e.Shutdown(shutdownCtx)
	})
	if err != nil {
		slog.Error("api exited", "err", err)
		os.Exit(1)
	}
}
