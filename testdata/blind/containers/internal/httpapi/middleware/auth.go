package middleware

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
)

type lineKey struct{}

// LineCode returns the shipping line authenticated by PartnerAuth.
func LineCode(ctx context.Context) string {
	s, _ := ctx.Value(lineKey{}).(string)
	return s
}

// PartnerAuth maps the X-Api-Key header to a shipping line code.
func PartnerAuth(keys map[string]string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			line, ok := keys[r.Header.Get("X-Api-Key")]
			if !ok {
				http.Error(w, "unknown api key", http.StatusUnauthorized)
				return
			}
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), lineKey{}, line)))
		})
	}
}

// BrokerSignature checks the customs broker's HMAC-SHA256 body signature.
func BrokerSignature(secret string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if err != nil {
				http.Error(w, "read body", http.StatusBadRequest)
				return
			}
			mac := hmac.New(sha256.New, []byte(secret))
			mac.Write(body)
			want := mac.Sum(nil)
			got, err := hex.DecodeString(r.Header.Get("X-Broker-Signature"))
			if err != nil || !hmac.Equal(want, got) {
				http.Error(w, "bad signature", http.StatusUnauthorized)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			next.ServeHTTP(w, r)
		})
	}
}
