package httpx

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
)

// StoredResponse is a response remembered for an Idempotency-Key.
type StoredResponse struct {
	RequestHash string
	Status      int
	Body        []byte
}

// ResponseStore persists responses keyed by (scope, key).
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (*StoredResponse, error)
	Save(ctx context.Context, scope, key string, resp StoredResponse) error
}

type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	r.status = code
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if r.status == 0 {
		r.status = http.StatusOK
	}
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Idempotent replays the stored response when a request arrives with an
// Idempotency-Key that has been seen before in scope. Requests without the
// header pass through unchanged.
func Idempotent(store ResponseStore, scope string, logger *slog.Logger) Middleware {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			body, err := io.ReadAll(r.Body)
			if err != nil {
				Error(w, http.StatusBadRequest, "bad_request", "unreadable body")
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(body)
			hash := hex.EncodeToString(sum[:])

			prev, err := store.Lookup(r.Context(), scope, key)
			if err != nil {
				Error(w, http.StatusInternalServerError, "internal_error", "idempotency lookup failed")
				return
			}
			if prev != nil {
				if prev.RequestHash != hash {
					Error(w, http.StatusUnprocessableEntity, "idempotency_mismatch", "key reused with a different body")
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.Status)
				_, _ = w.Write(prev.Body)
				return
			}

			rec := &recorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			if err := store.Save(r.Context(), scope, key, StoredResponse{
				RequestHash: hash,
				Status:      rec.status,
				Body:        rec.buf.Bytes(),
			}); err != nil {
				logger.Error("save idempotent response", "scope", scope, "err", err)
			}
		})
	}
}
