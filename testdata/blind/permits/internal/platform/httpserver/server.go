// Package httpserver runs the chi router under the fx lifecycle.
package httpserver

import (
	"context"
	"errors"
	"expvar"
	"log/slog"
	"net"
	"net/http"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"

	"github.com/civicworks/permits/internal/platform/config"
)

// Route is implemented by every handler group that mounts itself on the
// router.
type Route interface {
	Register(r chi.Router)
}

// AsRoute annotates a constructor so its result joins the "routes" group.
func AsRoute(f any) any {
	return fx.Annotate(f, fx.As(new(Route)), fx.ResultTags(`group:"routes"`))
}

// NewRouter builds the root router with the standard middleware stack.
func NewRouter(log *slog.Logger) chi.Router {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(requestLogger(log))
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))
	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) { w.WriteHeader(http.StatusNoContent) })
	r.Handle("/debug/vars", expvar.Handler())
	return r
}

type mountParams struct {
	fx.In

	Router chi.Router
	Routes []Route `group:"routes"`
}

// Mount registers every Route on the router.
func Mount(p mountParams) {
	for _, rt := range p.Routes {
		rt.Register(p.Router)
	}
}

// Start runs the HTTP server for the lifetime of the app.
func Start(lc fx.Lifecycle, cfg *config.Config, router chi.Router, log *slog.Logger) {
	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 10 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ln, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return err
			}
			log.Info("http server listening", "addr", srv.Addr)
			go func() {
				if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("http server stopped", "err", err)
				}
			}()
			return nil
		},
		OnStop: func(ctx context.Context) error {
			return srv.Shutdown(ctx)
		},
	})
}

func requestLogger(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r)
			log.Info("http request",
				"method", r.Method,
				"path", r.URL.Path,
				"status", ww.Status(),
				"bytes", ww.BytesWritten(),
				"duration_ms", time.Since(start).Milliseconds(),
				"request_id", middleware.GetReqID(r.Context()),
			)
		})
	}
}

// Module wires the router and server. Mount runs before Start so every route
// is registered before the listener opens.
var Module = fx.Module("httpserver",
	fx.Provide(NewRouter),
	fx.Invoke(Mount),
	fx.Invoke(Start),
)
