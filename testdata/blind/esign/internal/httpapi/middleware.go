package httpapi

import (
	"context"
	"crypto/sha256"
	"errors"
	"log/slog"
	"net/http"
	"strings"

	"github.com/quillsign/esign/internal/store/queries"
)

type ctxKey int

const (
	accountKey ctxKey = iota
	idemKey
)

func accountID(ctx context.Context) string {
	id, _ := ctx.Value(accountKey).(string)
	return id
}

func idempotencyKey(ctx context.Context) string {
	k, _ := ctx.Value(idemKey).(string)
	return k
}

// KeyResolver maps an API key hash to its account id.
type KeyResolver func(ctx context.Context, keyHash []byte) (string, error)

// authenticate resolves the bearer API key to an account.
func authenticate(resolve KeyResolver, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			token, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok || token == "" {
				writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthorized"})
				return
			}
			sum := sha256.Sum256([]byte(token))
			id, err := resolve(r.Context(), sum[:])
			if errors.Is(err, queries.ErrNotFound) {
				writeJSON(w, http.StatusUnauthorized, errorBody{Error: "unauthorized"})
				return
			}
			if err != nil {
				writeError(w, r, log, err)
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), accountKey, id)))
		})
	}
}

// requireIdempotencyKey rejects requests without an Idempotency-Key header
// and makes the key available to handlers.
func requireIdempotencyKey(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		key := strings.TrimSpace(r.Header.Get("Idempotency-Key"))
		if key == "" || len(key) > 255 {
			writeJSON(w, http.StatusBadRequest, errorBody{
				Error:   "idempotency_key_required",
				Message: "send a unique Idempotency-Key header (at most 255 characters)",
			})
			return
		}
		next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), idemKey, key)))
	})
}
