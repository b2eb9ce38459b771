// Package httpx holds the HTTP plumbing shared by the API server: middleware,
// JSON helpers and pagination.
package httpx

import (
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"log/slog"
	"net/http"
	"runtime/debug"
	"strings"
	"time"

	"github.com/google/uuid"
)

// Middleware decorates an http.Handler.
type Middleware func(http.Handler) http.Handler

// Chain applies middlewares so that the first one listed runs first.
func Chain(h http.Handler, mws ...Middleware) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

type ctxKey int

const (
	requestIDKey ctxKey = iota
	customerIDKey
	actorKey
)

// RequestID propagates or assigns an X-Request-Id for log correlation.
func RequestID() Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			id := r.Header.Get("X-Request-Id")
			if id == "" {
				id = uuid.NewString()
			}
			w.Header().Set("X-Request-Id", id)
			ctx := context.WithValue(r.Context(), requestIDKey, id)
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// RequestIDFrom returns the request id stored by RequestID.
func RequestIDFrom(ctx context.Context) string {
	v, _ := ctx.Value(requestIDKey).(string)
	return v
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	bytes  int
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.status == 0 {
		s.status = http.StatusOK
	}
	n, err := s.ResponseWriter.Write(b)
	s.bytes += n
	return n, err
}

// Logging writes one structured line per request.
func Logging(log *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &statusRecorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			log.Info("http request",
				"method", r.Method,
				"path", r.URL.Path,
				"status", rec.status,
				"bytes", rec.bytes,
				"duration_ms", time.Since(start).Milliseconds(),
				"request_id", RequestIDFrom(r.Context()),
			)
		})
	}
}

// Recover turns panics into 500 responses.
func Recover(log *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if v := recover(); v != nil {
					log.Error("panic in handler", "panic", v, "stack", string(debug.Stack()))
					Error(w, http.StatusInternalServerError, "internal_error", "internal server error")
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

// CustomerLookup resolves a hashed API key to a customer id.
type CustomerLookup func(ctx context.Context, keyHash string) (uuid.UUID, error)

// Authenticate requires a customer API key in the Authorization header.
func Authenticate(lookup CustomerLookup) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			token := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			if token == "" {
				Error(w, http.StatusUnauthorized, "unauthorized", "missing api key")
				return
			}
			sum := sha256.Sum256([]byte(token))
			id, err := lookup(r.Context(), hex.EncodeToString(sum[:]))
			if err != nil {
				Error(w, http.StatusUnauthorized, "unauthorized", "invalid api key")
				return
			}
			ctx := context.WithValue(r.Context(), customerIDKey, id)
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// AdminOnly guards back-office routes with a static operator token.
func AdminOnly(token string) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got := r.Header.Get("X-Admin-Token")
			if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
				Error(w, http.StatusForbidden, "forbidden", "admin token required")
				return
			}
			actor := r.Header.Get("X-Admin-Actor")
			if actor == "" {
				actor = "admin"
			}
			ctx := context.WithValue(r.Context(), actorKey, actor)
			next.ServeHTTP(w, r.WithContext(ctx))
		})
	}
}

// CustomerID returns the authenticated customer.
func CustomerID(ctx context.Context) uuid.UUID {
	v, _ := ctx.Value(customerIDKey).(uuid.UUID)
	return v
}

// Actor returns the operator name for admin routes.
func Actor(ctx context.Context) string {
	v, _ := ctx.Value(actorKey).(string)
	return v
}
