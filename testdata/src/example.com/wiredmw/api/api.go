// Package api serves orders behind a middleware that replays the
// response of a repeated Idempotency-Key, through a key store of another
// package.
package api

import (
	"context"
	"net/http"
)

// KeyStore keeps the responses of keys.
type KeyStore interface {
	Lookup(ctx context.Context, key string) (int, bool, error)
	Save(ctx context.Context, key string, status int) error
	Claim(ctx context.Context, key string) (bool, error)
	Finish(ctx context.Context, key string, status int) error
	Record(ctx context.Context, key string, status int) error
}

// Orders stores orders.
type Orders interface {
	Insert(ctx context.Context, ref string) error
}

// Idempotent looks the key up, runs the handler, and stores the key
// after it.
func Idempotent(ks KeyStore, next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		ctx := r.Context()
		status, found, err := ks.Lookup(ctx, key)
		if err != nil {
			http.Error(w, err.Error(), http.StatusServiceUnavailable)
			return
		}
		if found {
			w.WriteHeader(status)
			return
		}
		next.ServeHTTP(w, r)
		ks.Save(ctx, key, http.StatusCreated)
	})
}

// Claimed replays a finished key's response, else claims the key before
// the handler and records the response after it: a retry finds the
// claim.
func Claimed(ks KeyStore, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		ctx := r.Context()
		if status, found, err := ks.Lookup(ctx, key); err == nil && found && status != 0 {
			w.WriteHeader(status)
			return
		}
		claimed, err := ks.Claim(ctx, key)
		if err != nil || !claimed {
			http.Error(w, "in progress or done", http.StatusConflict)
			return
		}
		next(w, r)
		ks.Finish(ctx, key, http.StatusCreated)
	}
}

// Handler places orders.
type Handler struct{ Orders Orders }

func (h *Handler) Place(w http.ResponseWriter, r *http.Request) {
	if err := h.Orders.Insert(r.Context(), r.URL.Query().Get("ref")); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}
