package api

import (
	"bytes"
	"context"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/pantloop/deposit/internal/pgutil"
	"github.com/pantloop/deposit/internal/store"
	"github.com/pantloop/deposit/internal/txn"
)

// ResponseCache stores the first response given for an idempotency key.
type ResponseCache interface {
	Lookup(ctx context.Context, scope, key string) (*store.IdempotencyKey, error)
	Save(ctx context.Context, scope, key string, status int, body []byte) error
}

// PGResponseCache keeps responses in idempotency_keys.
type PGResponseCache struct {
	Pool txn.Pool
}

func (c PGResponseCache) Lookup(ctx context.Context, scope, key string) (*store.IdempotencyKey, error) {
	rec, err := store.New(c.Pool).GetIdempotencyKey(ctx, store.GetIdempotencyKeyParams{Scope: scope, Key: key})
	if pgutil.IsNoRows(err) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	return &rec, nil
}

func (c PGResponseCache) Save(ctx context.Context, scope, key string, status int, body []byte) error {
	return store.New(c.Pool).SaveIdempotencyKey(ctx, store.SaveIdempotencyKeyParams{
		Scope:        scope,
		Key:          key,
		StatusCode:   int32(status),
		ResponseBody: body,
	})
}

type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// idempotent replays the stored response for a repeated Idempotency-Key and
// stores the response of the first request. Keys are scoped to the wallet
// in the path.
func idempotent(scope string, cache ResponseCache) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				writeError(w, http.StatusBadRequest, "Idempotency-Key header is required")
				return
			}
			key = chi.URLParam(r, "walletID") + ":" + key

			prev, err := cache.Lookup(r.Context(), scope, key)
			if err != nil {
				writeError(w, http.StatusServiceUnavailable, "try again")
				return
			}
			if prev != nil {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(int(prev.StatusCode))
				_, _ = w.Write(prev.ResponseBody)
				return
			}

			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			if err := cache.Save(r.Context(), scope, key, rec.status, rec.buf.Bytes()); err != nil {
				logFrom(r.Context()).Warn("store idempotent response", "scope", scope, "err", err)
			}
		})
	}
}
