// Command api serves the public booking API, the partner agent API, the ops
// console endpoints, the driver handheld API and Stripe webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/northline/coachbus/internal/app"
	"github.com/northline/coachbus/internal/config"
	"github.com/northline/coachbus/internal/db"
)

func main() { os.Exit(app.Main(run)) }

func run(ctx context.Context, c app.Container) error {
	return c.Invoke(func(cfg config.Config, h http.Handler, store *db.Store, log *slog.Logger) error {
		defer store.Pool().Close()
		srv := &http.Server{
			Addr:              cfg.HTTPAddr,
			Handler:           h,
			ReadHeaderTimeout: 5 * time.Second,
			ReadTimeout:       15 * time.Second,
			WriteTimeout:      30 * time.Second,
		}
		errCh := make(chan error, 1)
		go func() { errCh <- srv.ListenAndServe() }()
		log.Info("api listening", "addr", cfg.HTTPAddr)
		select {
		case err := <-errCh:
			if errors.Is(err, http.ErrServerClosed) {
				return nil
			}
			return err
		case <-ctx.Done():
			shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
			defer cancel()
			return srv.Shutdown(shutdownCtx)
		}
	})
}
