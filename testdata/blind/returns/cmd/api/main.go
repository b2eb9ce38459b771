// Command api serves the RMA REST API and the inbound provider webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"time"

	"go.uber.org/fx"

	"github.com/northwind-retail/rma/internal/config"
)

func main() {
	app := fx.New(
		fx.Provide(
			config.Load,
			newLogger,
		),
		platformModule,
		repoModule,
		providerModule,
		serviceModule,
		httpModule,
		fx.Invoke(runServer),
		fx.NopLogger,
	)
	app.Run()
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})).
		With("service", "rma-api")
}

func runServer(lc fx.Lifecycle, cfg config.Config, h http.Handler, log *slog.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      45 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(ctx context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			log.Info("listening", "addr", srv.Addr)
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return srv.Shutdown(ctx)
		},
	})
}
