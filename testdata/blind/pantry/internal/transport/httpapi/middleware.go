// Package httpapi is the HTTP API used by the pickers' handheld app.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/pantryco/fulfilment/internal/platform/httpx"
	"github.com/pantryco/fulfilment/internal/platform/ids"
	"github.com/pantryco/fulfilment/internal/platform/obs"
)

// Middleware wraps an http.Handler.
type Middleware func(http.Handler) http.Handler

// Chain applies middlewares so that the first one is outermost.
func Chain(h http.Handler, mws ...Middleware) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

// RequestID attaches a correlation id for logs and echoes it back.
func RequestID() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := r.Header.Get("X-Request-ID")
			if id == "" {
				id = ids.RequestID()
			}
			w.Header().Set("X-Request-ID", id)
			next.ServeHTTP(w, r.WithContext(obs.WithTraceID(r.Context(), id)))
		})
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// AccessLog logs each request with its outcome and latency.
func AccessLog(log *slog.Logger, m obs.Metrics) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			m.ObserveDuration("http_request_duration", time.Since(start), r.Pattern)
			obs.L(r.Context(), log).InfoContext(r.Context(), "http request",
				"method", r.Method, "pattern", r.Pattern, "status", rec.status, "took", time.Since(start))
		})
	}
}

// Recover converts panics into 500s.
func Recover(log *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if v := recover(); v != nil {
					log.ErrorContext(r.Context(), "panic in handler", "panic", v)
					httpx.WriteError(w, http.StatusInternalServerError, errors.New("internal error"))
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

type pickerKey struct{}

// PickerAuth requires the X-Picker-ID header set by the device gateway.
func PickerAuth() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			picker := r.Header.Get("X-Picker-ID")
			if picker == "" && r.URL.Path != "/healthz" {
				httpx.WriteError(w, http.StatusUnauthorized, errors.New("missing picker identity"))
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), pickerKey{}, picker)))
		})
	}
}

func pickerID(ctx context.Context) string {
	p, _ := ctx.Value(pickerKey{}).(string)
	return p
}
