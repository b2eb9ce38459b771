// Package httpx adapts typed handlers to net/http and copies request
// metadata into their context.
package httpx

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"example.com/wiredreqctx/reqctx"

	"github.com/google/uuid"
)

// ErrNotFound is returned by handlers for a missing resource.
var ErrNotFound = errors.New("not found")

// Wrap turns a typed handler into an http.HandlerFunc that decodes the
// body into its input.
func Wrap[In any](h func(ctx context.Context, in In) error) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var in In
		if err := json.NewDecoder(r.Body).Decode(&in); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if err := h(r.Context(), in); err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.WriteHeader(http.StatusCreated)
	}
}

// Metadata puts the request's ID (the client's, or a new one) and its
// Idempotency-Key header, when it has one, in its context.
func Metadata(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		ctx := r.Context()
		rid := r.Header.Get("X-Request-Id")
		if rid == "" {
			rid = uuid.NewString()
		}
		ctx = reqctx.WithRequestID(ctx, rid)
		if key := strings.TrimSpace(r.Header.Get("Idempotency-Key")); key != "" {
			ctx = reqctx.WithIdempotencyKey(ctx, key)
		}
		next.ServeHTTP(w, r.WithContext(ctx))
	})
}
