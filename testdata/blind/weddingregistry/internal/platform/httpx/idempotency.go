// Package httpx holds HTTP helpers shared by the API handlers.
package httpx

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"strings"
)

// HeaderIdempotencyKey is the request header clients use to make a POST
// safe to resend.
const HeaderIdempotencyKey = "Idempotency-Key"

// CachedResponse is what the middleware replays for a repeated key.
type CachedResponse struct {
	StatusCode int
	Body       []byte
}

// ResponseStore persists responses keyed by (scope, Idempotency-Key).
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (CachedResponse, bool, error)
	Save(ctx context.Context, scope, key string, resp CachedResponse) error
}

// Idempotent replays the stored response when a request arrives with an
// Idempotency-Key that was already answered. Requests without the header
// pass straight through. Only non-5xx responses are cached so that a
// client can retry after a server error.
func Idempotent(store ResponseStore, scope string, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := strings.TrimSpace(r.Header.Get(HeaderIdempotencyKey))
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			if len(key) > 255 {
				http.Error(w, `{"error":"idempotency key too long"}`, http.StatusBadRequest)
				return
			}
			ctx := r.Context()
			cached, ok, err := store.Lookup(ctx, scope, key)
			if err != nil {
				log.ErrorContext(ctx, "idempotency lookup failed", "scope", scope, "err", err)
				http.Error(w, `{"error":"temporarily unavailable"}`, http.StatusServiceUnavailable)
				return
			}
			if ok {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(cached.StatusCode)
				_, _ = w.Write(cached.Body)
				return
			}

			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)

			if rec.status >= 500 {
				return
			}
			resp := CachedResponse{StatusCode: rec.status, Body: rec.buf.Bytes()}
			if err := store.Save(context.WithoutCancel(ctx), scope, key, resp); err != nil {
				log.WarnContext(ctx, "idempotency save failed", "scope", scope, "err", err)
			}
		})
	}
}

type recorder struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
	buf         bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	if !r.wroteHeader {
		r.status = code
		r.wroteHeader = true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(p []byte) (int, error) {
	if !r.wroteHeader {
		r.WriteHeader(http.StatusOK)
	}
	r.buf.Write(p)
	return r.ResponseWriter.Write(p)
}
