// Package idempotency provides HTTP middleware that replays the stored
// response for a repeated Idempotency-Key.
package idempotency

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"

	"github.com/larkspur-travel/tourdesk/internal/repository"
)

// Header is the request header carrying the client's key.
const Header = "Idempotency-Key"

// Store persists keys and their responses.
type Store interface {
	Get(ctx context.Context, scope, key string) (*repository.IdempotencyRecord, error)
	SaveResponse(ctx context.Context, scope, key, requestHash string, status int, body []byte) error
}

// Middleware returns a middleware that, for requests carrying an
// Idempotency-Key, replays the response of the first completed request with
// that key. Responses with a 5xx status are not stored so the client can
// retry them.
func Middleware(store Store, scope string, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get(Header)
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			body, err := io.ReadAll(io.LimitReader(r.Body, 1<<20))
			if err != nil {
				http.Error(w, `{"error":"unreadable body"}`, http.StatusBadRequest)
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			hash := requestHash(r, body)

			rec, err := store.Get(r.Context(), scope, key)
			if err != nil {
				log.ErrorContext(r.Context(), "idempotency lookup failed", "scope", scope, "err", err)
				http.Error(w, `{"error":"internal error"}`, http.StatusInternalServerError)
				return
			}
			if rec != nil && rec.Completed() {
				if rec.RequestHash != hash {
					writeJSON(w, http.StatusUnprocessableEntity,
						map[string]string{"error": "Idempotency-Key reused with a different request"})
					return
				}
				replay(w, rec)
				return
			}

			cw := &captureWriter{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(cw, r)
			if cw.status >= 500 {
				return
			}
			if err := store.SaveResponse(r.Context(), scope, key, hash, cw.status, cw.buf.Bytes()); err != nil {
				log.WarnContext(r.Context(), "could not store idempotent response", "scope", scope, "err", err)
			}
		})
	}
}

func requestHash(r *http.Request, body []byte) string {
	h := sha256.New()
	h.Write([]byte(r.Method))
	h.Write([]byte{0})
	h.Write([]byte(r.URL.Path))
	h.Write([]byte{0})
	h.Write(body)
	return hex.EncodeToString(h.Sum(nil))
}

func replay(w http.ResponseWriter, rec *repository.IdempotencyRecord) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Idempotent-Replayed", "true")
	status := http.StatusOK
	if rec.ResponseStatus != nil {
		status = *rec.ResponseStatus
	}
	w.WriteHeader(status)
	_, _ = w.Write(rec.ResponseBody)
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// captureWriter tees the response so it can be stored.
type captureWriter struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (c *captureWriter) WriteHeader(status int) {
	c.status = status
	c.ResponseWriter.WriteHeader(status)
}

func (c *captureWriter) Write(b []byte) (int, error) {
	c.buf.Write(b)
	return c.ResponseWriter.Write(b)
}
