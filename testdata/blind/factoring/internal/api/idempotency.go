package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"

	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/repo"
)

// ResponseCache stores responses by idempotency key.
type ResponseCache interface {
	Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyKey, error)
	SaveResponse(ctx context.Context, scope, key, requestHash string, status int, body []byte) error
}

// Idempotent replays the stored response when a request repeats an
// Idempotency-Key already answered for the same scope.
type Idempotent struct {
	cache ResponseCache
	log   *slog.Logger
}

func NewIdempotent(cache ResponseCache, log *slog.Logger) *Idempotent {
	return &Idempotent{cache: cache, log: log}
}

func (m *Idempotent) For(scope string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, 1<<20))
			if err != nil {
				writeJSON(w, http.StatusRequestEntityTooLarge, errorBody{Error: "body_too_large"})
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(append([]byte(r.URL.Path+"\n"), body...))
			hash := hex.EncodeToString(sum[:])

			prev, err := m.cache.Lookup(r.Context(), scope, key)
			switch {
			case err == nil && prev.StatusCode != 0:
				if prev.RequestHash != hash {
					writeJSON(w, http.StatusUnprocessableEntity, errorBody{Error: "idempotency_key_reused"})
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.StatusCode)
				_, _ = w.Write(prev.ResponseBody)
				return
			case err != nil && !errors.Is(err, repo.ErrNotFound):
				m.log.ErrorContext(r.Context(), "idempotency lookup failed", "scope", scope, "err", err)
				writeJSON(w, http.StatusServiceUnavailable, errorBody{Error: "unavailable"})
				return
			}

			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			if err := m.cache.SaveResponse(r.Context(), scope, key, hash, rec.status, rec.buf.Bytes()); err != nil {
				m.log.ErrorContext(r.Context(), "idempotency save failed", "scope", scope, "err", err)
			}
		})
	}
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
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}
