// Command api serves the washclub HTTP API.
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

	"github.com/brightbay/washclub/internal/app"
	"github.com/brightbay/washclub/internal/config"
	"github.com/brightbay/washclub/internal/httpapi"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("bin", "api")
	if err := run(log); err != nil {
		log.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	c, err := app.New(cfg, log)
	if err != nil {
		return err
	}
	if err := c.Provide(httpapi.NewRouter); err != nil {
		return err
	}
	return c.Invoke(func(h http.Handler, db *sqlx.DB, queue *asynq.Client) error {
		defer db.Close()
		defer queue.Close()

		srv := &http.Server{
			Addr:              cfg.HTTPAddr,
			Handler:           h,
			ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout:       15 * time.Second,
			WriteTimeout:      30 * time.Second,
		}
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
		defer stop()

		errCh := make(chan error, 1)
		go func() {
			log.Info("listening", "addr", cfg.HTTPAddr)
			errCh <- srv.ListenAndServe()
		}()
		select {
		case err := <-errCh:
			if errors.Is(err, http.ErrServerClosed) {
				return nil
			}
			return err
		case <-ctx.Done():
		}
		shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		defer cancel()
		return srv.Shutdown(shutdownCtx)
	})
}
