// Package middleware holds the chi middlewares of the terminal API.
package middleware

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/quaymark/terminal-ops/internal/domain"
	"github.com/quaymark/terminal-ops/internal/platform/db"
)

// IdempotencyStore persists responses by key.
type IdempotencyStore interface {
	Lookup(ctx context.Context, key string) (*domain.IdempotencyRecord, error)
	Remember(ctx context.Context, rec *domain.IdempotencyRecord) error
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

// Idempotency replays the stored response when a request repeats an
// Idempotency-Key. Requests without the header pass through.
func Idempotency(store IdempotencyStore) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			scoped := r.Method + " " + r.URL.Path + " " + key
			rec, err := store.Lookup(r.Context(), scoped)
			switch {
			case err == nil:
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(rec.StatusCode)
				_, _ = w.Write(rec.Body)
				return
			case !errors.Is(err, db.ErrNotFound):
				http.Error(w, "idempotency lookup failed", http.StatusInternalServerError)
				return
			}

			rw := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rw, r)
			if rw.status >= 500 {
				return
			}
			if err := store.Remember(r.Context(), &domain.IdempotencyRecord{
				Key: scoped, Route: r.URL.Path, StatusCode: rw.status, Body: rw.body.Bytes(),
			}); err != nil {
				slog.WarnContext(r.Context(), "storing idempotent response", "err", err)
			}
		})
	}
}
