// Package idempotency replays stored responses for requests that carry an
// Idempotency-Key the server has already answered.
package idempotency

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/merchline/preorders/internal/core/domain"
)

const Header = "Idempotency-Key"

// Store persists responses by (scope, key).
type Store interface {
	GetStoredResponse(ctx context.Context, scope, key string) (*domain.StoredResponse, error)
	SaveStoredResponse(ctx context.Context, scope, key string, resp domain.StoredResponse) error
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
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Middleware answers a repeated key with the stored response. Responses
// below 500 are stored; server errors are not, so the client can retry
// them. Requests without a key pass straight through.
func Middleware(store Store, scope string, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get(Header)
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			ctx := r.Context()
			fullScope := scope + ":" + r.URL.Path
			prior, err := store.GetStoredResponse(ctx, fullScope, key)
			if err != nil {
				log.ErrorContext(ctx, "idempotency lookup failed", "scope", fullScope, "err", err)
				http.Error(w, "internal error", http.StatusInternalServerError)
				return
			}
			if prior != nil {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prior.StatusCode)
				_, _ = w.Write(prior.Body)
				return
			}
			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			if err := store.SaveStoredResponse(ctx, fullScope, key, domain.StoredResponse{StatusCode: rec.status, Body: rec.buf.Bytes()}); err != nil {
				log.ErrorContext(ctx, "idempotency save failed", "scope", fullScope, "err", err)
			}
		})
	}
}
