// Package idempotency replays stored responses for requests that carry an
// Idempotency-Key header.
package idempotency

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/vinoteca/wineclub/internal/platform/httpx"
)

// Record is a stored response.
type Record struct {
	Scope      string
	Key        string
	StatusCode int
	Body       []byte
	CreatedAt  time.Time
}

// Store persists records.
type Store interface {
	Lookup(ctx context.Context, scope, key string) (*Record, error)
	Save(ctx context.Context, rec Record) error
}

type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Middleware replays the first response for a repeated key within scope.
func Middleware(store Store, scope string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := httpx.IdempotencyKey(r)
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			ctx := r.Context()
			prev, err := store.Lookup(ctx, scope, key)
			if err != nil {
				httpx.Error(w, r, err)
				return
			}
			if prev != nil {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.StatusCode)
				_, _ = w.Write(prev.Body)
				return
			}

			rec := &recorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)

			if rec.status >= 500 || rec.status == 0 {
				return
			}
			if err := store.Save(context.WithoutCancel(ctx), Record{
				Scope:      scope,
				Key:        key,
				StatusCode: rec.status,
				Body:       rec.buf.Bytes(),
				CreatedAt:  time.Now().UTC(),
			}); err != nil {
				slog.WarnContext(ctx, "idempotency: save response", "scope", scope, "err", err)
			}
		})
	}
}
