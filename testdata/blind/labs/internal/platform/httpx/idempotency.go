package httpx

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"net/http"
)

// IdempotencyKeyHeader is the header clients use to make POSTs replayable.
const IdempotencyKeyHeader = "Idempotency-Key"

// StoredResponse is a response saved under an idempotency key.
type StoredResponse struct {
	RequestHash string
	StatusCode  int
	Body        []byte
}

// ErrNoStoredResponse is returned by ResponseStore.Lookup on a miss.
var ErrNoStoredResponse = errors.New("no stored response")

// ResponseStore persists responses for replay.
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (StoredResponse, error)
	Save(ctx context.Context, scope, key string, resp StoredResponse) error
}

type capture struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (c *capture) WriteHeader(code int) {
	c.status = code
	c.ResponseWriter.WriteHeader(code)
}

func (c *capture) Write(b []byte) (int, error) {
	c.buf.Write(b)
	return c.ResponseWriter.Write(b)
}

// ReplayResponses replays the stored response for a repeated
// Idempotency-Key and stores 2xx responses of first requests.
func ReplayResponses(store ResponseStore, scope string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get(IdempotencyKeyHeader)
			if key == "" {
				WriteJSON(w, http.StatusBadRequest, BadRequest("missing_idempotency_key", "Idempotency-Key header is required"))
				return
			}
			body, err := io.ReadAll(io.LimitReader(r.Body, maxBody))
			if err != nil {
				WriteError(w, r, BadRequest("invalid_body", err.Error()))
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(append([]byte(r.URL.Path+"\n"), body...))
			hash := hex.EncodeToString(sum[:])

			prev, err := store.Lookup(r.Context(), scope, key)
			switch {
			case err == nil:
				if prev.RequestHash != hash {
					WriteError(w, r, Conflict("idempotency_key_reused", "key was used with a different request"))
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.StatusCode)
				_, _ = w.Write(prev.Body)
				return
			case !errors.Is(err, ErrNoStoredResponse):
				WriteError(w, r, err)
				return
			}

			rec := &capture{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status >= 200 && rec.status < 300 {
				_ = store.Save(r.Context(), scope, key, StoredResponse{
					RequestHash: hash,
					StatusCode:  rec.status,
					Body:        rec.buf.Bytes(),
				})
			}
		})
	}
}
