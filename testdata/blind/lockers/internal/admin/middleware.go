package admin

import (
	"bytes"
	"context"
	"crypto/subtle"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/quayside/lockers/internal/store"
)

type Middleware func(http.Handler) http.Handler

func chain(h http.Handler, mws ...Middleware) http.Handler {
	for i := len(mws) - 1; i >= 0; i-- {
		h = mws[i](h)
	}
	return h
}

type operatorKey struct{}

func operatorFrom(ctx context.Context) string {
	if s, ok := ctx.Value(operatorKey{}).(string); ok {
		return s
	}
	return "unknown"
}

// RequireToken checks the shared admin token and records the operator
// named in X-Operator for audit fields.
func RequireToken(token string) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got := strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")
			if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
				writeError(w, http.StatusUnauthorized, "unauthorized")
				return
			}
			op := r.Header.Get("X-Operator")
			if op == "" {
				writeError(w, http.StatusBadRequest, "X-Operator header is required")
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), operatorKey{}, op)))
		})
	}
}

func AccessLog(log *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			log.InfoContext(r.Context(), "admin request", "method", r.Method, "path", r.URL.Path,
				"status", rec.status, "duration_ms", time.Since(start).Milliseconds(), "operator", operatorFrom(r.Context()))
		})
	}
}

type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

// IdempotentRequests replays the stored response for a repeated
// Idempotency-Key, so that an operator double-submitting a form or a
// script re-running does not apply the same change twice.
func IdempotentRequests(keys store.IdempotencyRepository, log *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			prev, found, err := keys.AdminLookup(r.Context(), key)
			if err != nil {
				writeError(w, http.StatusInternalServerError, "idempotency lookup failed")
				return
			}
			if found {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.StatusCode)
				_, _ = w.Write(prev.Body)
				return
			}
			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			err = keys.AdminSave(r.Context(), key, store.AdminResponse{
				Route:      r.Method + " " + r.URL.Path,
				StatusCode: rec.status,
				Body:       rec.body.Bytes(),
			})
			if err != nil {
				log.WarnContext(r.Context(), "store idempotent response", "key", key, "err", err)
			}
		})
	}
}
