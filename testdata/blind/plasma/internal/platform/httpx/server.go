// Package httpx runs the plain HTTP listener that receives partner
// webhooks.
package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"time"

	"go.uber.org/fx"

	"github.com/veinline/plasmaops/internal/config"
	"github.com/veinline/plasmaops/internal/platform/apperr"
)

// Route is one webhook endpoint contributed by a domain module.
type Route struct {
	Pattern string
	Handler http.Handler
}

// RoutesGroup is the fx value group for Routes.
const RoutesGroup = `group:"webhook_routes"`

// AsRoute annotates a constructor returning a Route.
func AsRoute(f any) any {
	return fx.Annotate(f, fx.ResultTags(RoutesGroup))
}

type serverParams struct {
	fx.In

	Lifecycle fx.Lifecycle
	Config    config.Config
	Log       *slog.Logger
	Routes    []Route `group:"webhook_routes"`
}

// NewServer builds the webhook server.
func NewServer(p serverParams) *http.Server {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, _ *http.Request) {
		w.WriteHeader(http.StatusNoContent)
	})
	for _, r := range p.Routes {
		mux.Handle(r.Pattern, r.Handler)
		p.Log.Info("registered webhook route", "pattern", r.Pattern)
	}
	srv := &http.Server{
		Addr:              p.Config.WebhookAddr,
		Handler:           withRequestLog(p.Log, mux),
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       15 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			lis, err := net.Listen("tcp", srv.Addr)
			if err != nil {
				return fmt.Errorf("webhook listen: %w", err)
			}
			go func() {
				if err := srv.Serve(lis); err != nil && !errors.Is(err, http.ErrServerClosed) {
					p.Log.Error("webhook server stopped", "err", err)
				}
			}()
			p.Log.Info("webhooks listening", "addr", srv.Addr)
			return nil
		},
		OnStop: func(ctx context.Context) error { return srv.Shutdown(ctx) },
	})
	return srv
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (r *statusRecorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func withRequestLog(log *slog.Logger, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		start := time.Now()
		rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
		next.ServeHTTP(rec, r)
		log.Info("webhook", "method", r.Method, "path", r.URL.Path, "status", rec.status, "duration", time.Since(start))
	})
}

// WriteJSON writes v with the given status.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// WriteError maps a domain error to an HTTP status. Partners retry on 5xx
// and stop on 4xx, so only malformed payloads get a 4xx.
func WriteError(w http.ResponseWriter, log *slog.Logger, err error) {
	code := http.StatusInternalServerError
	switch apperr.KindOf(err) {
	case apperr.KindInvalid:
		code = http.StatusBadRequest
	case apperr.KindUnauthenticated:
		code = http.StatusUnauthorized
	case apperr.KindNotFound:
		code = http.StatusUnprocessableEntity
	}
	if code >= 500 {
		log.Error("webhook failed", "err", err)
	}
	WriteJSON(w, code, map[string]string{"error": err.Error()})
}

// Module provides the webhook server.
var Module = fx.Module("httpx",
	fx.Provide(NewServer),
	fx.Invoke(func(*http.Server) {}),
)
