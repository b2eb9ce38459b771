// Package httpapi is the chi HTTP API: the manager/owner portal endpoints and
// the provider webhook receivers.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"

	"github.com/larchway/hoaops/internal/config"
)

// Mounter registers a handler's routes. Handlers are collected through the
// "mounters" fx value group.
type Mounter interface {
	Mount(r chi.Router, auth func(http.Handler) http.Handler)
}

// NewRouter builds the root router from every registered Mounter.
func NewRouter(cfg config.Config, log *slog.Logger, mounters []Mounter) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(requestLogger(log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	auth := bearerAuth(cfg.APIToken)
	r.Route("/v1", func(r chi.Router) {
		for _, m := range mounters {
			m.Mount(r, auth)
		}
	})
	return r
}

// RunServer starts the HTTP server with the fx lifecycle.
func RunServer(lc fx.Lifecycle, cfg config.Config, h http.Handler, log *slog.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
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
			log.Info("http listening", "addr", srv.Addr)
			return nil
		},
		OnStop: func(ctx context.Context) error { return srv.Shutdown(ctx) },
	})
}
