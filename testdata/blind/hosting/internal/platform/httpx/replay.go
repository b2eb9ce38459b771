package httpx

import (
	"bytes"
	"context"
	"net/http"

	"github.com/google/uuid"
)

// StoredResponse is a response captured for an Idempotency-Key.
type StoredResponse struct {
	StatusCode int
	Body       []byte
}

// ResponseStore persists responses keyed by (customer, Idempotency-Key).
type ResponseStore interface {
	Lookup(ctx context.Context, customerID uuid.UUID, key string) (*StoredResponse, error)
	Save(ctx context.Context, customerID uuid.UUID, key, method, path string, resp StoredResponse) error
}

type captureWriter struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (c *captureWriter) WriteHeader(code int) {
	c.status = code
	c.ResponseWriter.WriteHeader(code)
}

func (c *captureWriter) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	c.buf.Write(b)
	return c.ResponseWriter.Write(b)
}

// ReplayResponses returns the stored response when a request repeats an
// Idempotency-Key, and stores successful responses for later replay.
func ReplayResponses(store ResponseStore) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			customerID := CustomerID(r.Context())
			if key == "" || customerID == uuid.Nil {
				next.ServeHTTP(w, r)
				return
			}

			prev, err := store.Lookup(r.Context(), customerID, key)
			if err != nil {
				WriteErr(w, err)
				return
			}
			if prev != nil {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.StatusCode)
				_, _ = w.Write(prev.Body)
				return
			}

			cw := &captureWriter{ResponseWriter: w}
			next.ServeHTTP(cw, r)

			if cw.status >= 200 && cw.status < 300 {
				_ = store.Save(r.Context(), customerID, key, r.Method, r.URL.Path,
					StoredResponse{StatusCode: cw.status, Body: cw.buf.Bytes()})
			}
		})
	}
}
