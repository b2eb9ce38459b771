package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"runtime/debug"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/platform/httpx"
	"github.com/ironbridge-leasing/railcars/internal/repo"
)

// Logging logs each request.
func Logging(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			start := time.Now()
			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			log.InfoContext(r.Context(), "http", "method", r.Method, "path", r.URL.Path,
				"status", rec.status, "took", time.Since(start))
		})
	}
}

// Recover turns panics into 500s.
func Recover(log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			defer func() {
				if p := recover(); p != nil {
					log.ErrorContext(r.Context(), "panic", "panic", p, "stack", string(debug.Stack()))
					httpx.JSON(w, http.StatusInternalServerError, &httpx.Error{Code: "internal", Message: "internal error"})
				}
			}()
			next.ServeHTTP(w, r)
		})
	}
}

type recorder struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
	keep   bool
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.keep {
		r.body.Write(b)
	}
	return r.ResponseWriter.Write(b)
}

// KeyLookup is the idempotency key storage the middleware uses.
type KeyLookup interface {
	Get(ctx context.Context, q db.Querier, scope, key string) (*repo.IdempotencyRecord, error)
	Save(ctx context.Context, q db.Querier, rec repo.IdempotencyRecord) error
}

// Idempotent replays the stored response for a repeated Idempotency-Key on
// routes whose handlers do not manage keys themselves.
type Idempotent struct {
	Keys KeyLookup
	DB   db.Querier
	Log  *slog.Logger
}

// Wrap returns next guarded by the Idempotency-Key header under scope.
func (m Idempotent) Wrap(scope string, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := httpx.IdempotencyKey(r)
		if key == "" {
			next.ServeHTTP(w, r)
			return
		}
		ctx := r.Context()
		if prev, err := m.Keys.Get(ctx, m.DB, scope, key); err == nil && prev.Completed() {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(prev.ResponseCode)
			_, _ = w.Write(prev.ResponseBody)
			return
		}
		rec := &recorder{ResponseWriter: w, status: http.StatusOK, keep: true}
		next.ServeHTTP(rec, r)
		if rec.status >= 500 {
			return
		}
		if err := m.Keys.Save(context.WithoutCancel(ctx), m.DB, repo.IdempotencyRecord{
			Scope: scope, Key: key, ResponseCode: rec.status, ResponseBody: rec.body.Bytes(),
		}); err != nil {
			m.Log.ErrorContext(ctx, "store idempotency key", "scope", scope, "err", err)
		}
	})
}
