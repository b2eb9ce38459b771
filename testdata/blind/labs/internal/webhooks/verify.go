// Package webhooks receives callbacks from the courier, the card
// processor, the payer gateway and EHR partners. Each sender retries a
// delivery until it gets a 2xx.
package webhooks

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/meridianlabs/labs/internal/platform/httpx"
)

type bodyKey struct{}

// rawBody returns the verified request body.
func rawBody(r *http.Request) []byte {
	b, _ := r.Context().Value(bodyKey{}).([]byte)
	return b
}

// SecretFunc returns the signing secret for a request.
type SecretFunc func(r *http.Request) (string, error)

// Signature describes how a sender signs its deliveries.
type Signature struct {
	Header     string
	TimeHeader string
	MaxSkew    time.Duration
	Secret     SecretFunc
}

func (s Signature) expected(secret, ts string, body []byte) string {
	m := hmac.New(sha256.New, []byte(secret))
	if ts != "" {
		m.Write([]byte(ts + "."))
	}
	m.Write(body)
	return hex.EncodeToString(m.Sum(nil))
}

// Verify reads the body, checks the HMAC and stores the body for the
// handler.
func Verify(sig Signature) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if err != nil {
				httpx.WriteError(w, r, httpx.BadRequest("unreadable_body", err.Error()))
				return
			}
			secret, err := sig.Secret(r)
			if err != nil {
				httpx.WriteJSON(w, http.StatusNotFound, &httpx.Problem{Status: 404, Code: "unknown_sender"})
				return
			}
			ts := ""
			if sig.TimeHeader != "" {
				ts = r.Header.Get(sig.TimeHeader)
				sec, err := strconv.ParseInt(ts, 10, 64)
				if err != nil || time.Since(time.Unix(sec, 0)).Abs() > sig.MaxSkew {
					httpx.WriteJSON(w, http.StatusUnauthorized, &httpx.Problem{Status: 401, Code: "stale_signature"})
					return
				}
			}
			got := strings.TrimPrefix(r.Header.Get(sig.Header), "v1=")
			if !hmac.Equal([]byte(got), []byte(sig.expected(secret, ts, body))) {
				httpx.WriteJSON(w, http.StatusUnauthorized, &httpx.Problem{Status: 401, Code: "bad_signature"})
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			next.ServeHTTP(w, r.WithContext(context.WithValue(r.Context(), bodyKey{}, body)))
		})
	}
}

// Static returns a SecretFunc for a single shared secret.
func Static(secret string) SecretFunc {
	return func(*http.Request) (string, error) { return secret, nil }
}
