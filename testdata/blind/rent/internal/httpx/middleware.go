// Package httpx holds HTTP plumbing shared by the API handlers.
package httpx

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/keystone-pm/rent/internal/ids"
)

type ctxKey int

const (
	requestIDKey ctxKey = iota
	idempotencyKeyKey
)

const maxIdempotencyKeyLen = 200

// RequestID tags every request with an identifier for log correlation,
// honouring an inbound X-Request-Id when present.
func RequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rid := r.Header.Get("X-Request-Id")
		if rid == "" {
			rid = ids.Request()
		}
		w.Header().Set("X-Request-Id", rid)
		ctx := context.WithValue(r.Context(), requestIDKey, rid)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// RequestIDFrom returns the request identifier, if any.
func RequestIDFrom(ctx context.Context) string {
	v, _ := ctx.Value(requestIDKey).(string)
	return v
}

// AccessLog writes one structured line per request.
func AccessLog(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			sw := &statusWriter{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(sw, r)
			log.Info("http request",
				"method", r.Method,
				"path", r.URL.Path,
				"status", sw.status,
				"duration_ms", time.Since(start).Milliseconds(),
				"request_id", RequestIDFrom(r.Context()),
			)
		})
	}
}

type statusWriter struct {
	http.ResponseWriter
	status int
}

func (s *statusWriter) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

// IdempotencyKey requires an Idempotency-Key header on the wrapped routes and
// stores it in the request context.
func IdempotencyKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
		switch {
		case key == "":
			WriteError(w, http.StatusBadRequest, "idempotency_key_required", "Idempotency-Key header is required")
			return
		case len(key) > maxIdempotencyKeyLen:
			WriteError(w, http.StatusBadRequest, "idempotency_key_invalid", "Idempotency-Key is too long")
			return
		}
		ctx := context.WithValue(r.Context(), idempotencyKeyKey, key)
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}

// IdempotencyKeyFrom returns the key stored by IdempotencyKey.
func IdempotencyKeyFrom(ctx context.Context) string {
	v, _ := ctx.Value(idempotencyKeyKey).(string)
	return v
}
