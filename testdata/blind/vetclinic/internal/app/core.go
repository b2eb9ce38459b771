package app

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.uber.org/fx"
)

// Core is the set every long-running binary starts from.
var Core = fx.Options(
	Base,
	Repositories,
	Providers,
	SMSDecorators,
	Services,
)

// ServeHTTP runs handler on addr for the lifetime of the fx app.
func ServeHTTP(lc fx.Lifecycle, sh fx.Shutdowner, log *slog.Logger, addr string, handler http.Handler) {
	srv := &http.Server{
		Addr:              addr,
		Handler:           handler,
		ReadHeaderTimeout: 10 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			go func() {
				log.Info("http listening", "addr", addr)
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server", "err", err)
					_ = sh.Shutdown(fx.ExitCode(1))
				}
			}()
			return nil
		},
		OnStop: srv.Shutdown,
	})
}
