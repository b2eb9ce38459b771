// Package adminhttp is the internal operator API used by the support
// console: refunds, pauses and claim handling.
package adminhttp

import (
	"context"
	"crypto/subtle"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/go-chi/chi/v5"
	"github.com/go-chi/chi/v5/middleware"
	"go.uber.org/fx"

	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/platform/reqctx"
)

// NewRouter mounts the admin routes.
func NewRouter(h *Handlers, cfg *config.Config, log *slog.Logger) http.Handler {
	r := chi.NewRouter()
	r.Use(middleware.RequestID)
	r.Use(middleware.RealIP)
	r.Use(middleware.Recoverer)
	r.Use(middleware.Timeout(30 * time.Second))
	r.Use(requestLogger(log))

	r.Get("/healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})

	r.Route("/admin", func(r chi.Router) {
		r.Use(apiKeyAuth(cfg.AdminKeys))

		r.Get("/subscriptions/{id}", h.getSubscription)
		r.Post("/subscriptions/{id}/pause", h.pauseSubscription)

		r.Post("/charges/{id}/refund", h.refundCharge)

		r.Route("/claims/{id}", func(r chi.Router) {
			r.Get("/", h.getClaim)
			r.Post("/decision", h.decideClaim)
			r.Post("/settle", h.settleClaim)
		})
	})
	return r
}

// apiKeyAuth checks the X-Admin-Key header and records the operator.
func apiKeyAuth(keys []string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got := r.Header.Get("X-Admin-Key")
			ok := false
			for _, k := range keys {
				if subtle.ConstantTimeCompare([]byte(got), []byte(k)) == 1 {
					ok = true
					break
				}
			}
			if !ok {
				writeError(w, http.StatusUnauthorized, errors.New("unauthorized"))
				return
			}
			ctx := r.Context()
			if op := strings.TrimSpace(r.Header.Get("X-Operator")); op != "" {
				ctx = reqctx.WithActor(ctx, "operator:"+op)
			}
			ctx = reqctx.WithRequestID(ctx, middleware.GetReqID(ctx))
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

func requestLogger(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			ww := middleware.NewWrapResponseWriter(w, r.ProtoMajor)
			start := time.Now()
			next.ServeHTTP(ww, r)
			log.Info("admin http",
				"method", r.Method,
				"path", r.URL.Path,
				"status", ww.Status(),
				"duration_ms", time.Since(start).Milliseconds(),
				"request_id", middleware.GetReqID(r.Context()),
			)
		})
	}
}

// Serve runs the admin HTTP server for the lifetime of the fx app.
func Serve(lc fx.Lifecycle, handler http.Handler, cfg *config.Config, log *slog.Logger) {
	srv := &http.Server{
		Addr:              cfg.AdminAddr,
		Handler:           handler,
		ReadHeaderTimeout: 5 * time.Second,
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
					log.Error("admin http stopped", "err", err)
				}
			}()
			log.Info("admin http listening", "addr", cfg.AdminAddr)
			return nil
		},
		OnStop: srv.Shutdown,
	})
}
