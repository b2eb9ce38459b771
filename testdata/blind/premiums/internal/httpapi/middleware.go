package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/gorilla/mux"

	"github.com/pawsure/premiums/internal/repo"
)

type ctxKey int

const requestIDKey ctxKey = iota

// RequestIDFrom returns the id assigned to the current request.
func RequestIDFrom(ctx context.Context) string {
	v, _ := ctx.Value(requestIDKey).(string)
	return v
}

// RequestID tags every request with an id for logs and the X-Request-Id
// response header.
func RequestID(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		id := r.Header.Get("X-Request-Id")
		if id == "" {
			id = uuid.NewString()
		}
		w.Header().Set("X-Request-Id", id)
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), requestIDKey, id)))
	})
}

// AccessLog logs one line per request.
func AccessLog(log *slog.Logger) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			log.Info("http",
				"method", r.Method, "path", r.URL.Path, "status", rec.status,
				"dur_ms", time.Since(start).Milliseconds(), "request_id", RequestIDFrom(r.Context()))
		})
	}
}

// Recover turns panics into 500s.
func Recover(log *slog.Logger) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if v := recover(); v != nil {
					log.Error("panic", "value", v, "path", r.URL.Path)
					http.Error(w, "internal error", http.StatusInternalServerError)
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

type statusRecorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
	keep   bool
}

func (s *statusRecorder) WriteHeader(code int) {
	s.status = code
	s.ResponseWriter.WriteHeader(code)
}

func (s *statusRecorder) Write(b []byte) (int, error) {
	if s.keep {
		s.body.Write(b)
	}
	return s.ResponseWriter.Write(b)
}

// Idempotent replays the stored response for a repeated Idempotency-Key and
// stores successful responses for future replays.
func Idempotent(scope string, keys repo.IdempotencyRepository) func(http.HandlerFunc) http.HandlerFunc {
	return func(next http.HandlerFunc) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			key, err := idempotencyKey(r)
			if err != nil {
				writeError(w, r, http.StatusBadRequest, err)
				return
			}
			stored, err := keys.Lookup(r.Context(), scope, key)
			if err != nil {
				writeError(w, r, http.StatusInternalServerError, err)
				return
			}
			if stored != nil {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(stored.Status)
				_, _ = w.Write(stored.Body)
				return
			}
			rec := &statusRecorder{ResponseWriter: w, status: http.StatusOK, keep: true}
			next(rec, r)
			if rec.status < 300 {
				if err := keys.Save(r.Context(), scope, key, repo.StoredResponse{Status: rec.status, Body: rec.body.Bytes()}); err != nil {
					slog.WarnContext(r.Context(), "could not store idempotent response", "scope", scope, "err", err)
				}
			}
		}
	}
}
