// Package webhooks receives partner and provider callbacks: VetNet, the bank
// transfer partner, Stripe and the messaging provider.
package webhooks

import (
	"bytes"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/gorilla/mux"
)

const maxBody = 512 << 10

func readBody(r *http.Request) ([]byte, error) {
	return io.ReadAll(io.LimitReader(r.Body, maxBody))
}

func reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	if v != nil {
		_ = json.NewEncoder(w).Encode(v)
	}
}

// Signed verifies an HMAC signature header before the handler runs and makes
// the raw body available again to it.
func Signed(header string, verify func(body []byte, sig string) bool, log *slog.Logger) mux.MiddlewareFunc {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, err := readBody(r)
			if err != nil {
				http.Error(w, "bad body", http.StatusBadRequest)
				return
			}
			if !verify(body, r.Header.Get(header)) {
				log.Warn("webhook signature mismatch", "path", r.URL.Path)
				http.Error(w, "invalid signature", http.StatusUnauthorized)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			next.ServeHTTP(w, r)
		})
	}
}
