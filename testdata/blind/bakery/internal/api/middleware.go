package api

import (
	"bytes"
	"context"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"io"
	"log/slog"
	"net/http"
	"strings"

	"github.com/jmoiron/sqlx"

	"github.com/crumbworks/ovenline/internal/domain"
	"github.com/crumbworks/ovenline/internal/platform/httpx"
	"github.com/crumbworks/ovenline/internal/store"
)

// requireBearer rejects requests without the expected bearer token.
func requireBearer(token string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
			if !ok || token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
				httpx.Error(w, r, domain.Unauthorized("missing or invalid token"))
				return
			}
			next.ServeHTTP(w, r)
		})
	}
}

// ResponseStore keeps responses by idempotency key.
type ResponseStore interface {
	Get(ctx context.Context, q sqlx.ExtContext, scope, key string) (*store.IdempotencyRecord, error)
	SaveResponse(ctx context.Context, q sqlx.ExtContext, scope, key, hash string, status int, body []byte) error
}

// idempotent replays the stored response when a request repeats an
// Idempotency-Key, for routes whose service has no key of its own.
func idempotent(db sqlx.ExtContext, responses ResponseStore, scope string, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := httpx.IdempotencyKey(r)
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			body, err := io.ReadAll(io.LimitReader(r.Body, httpx.MaxBody))
			if err != nil {
				httpx.Error(w, r, domain.Invalid("unreadable body"))
				return
			}
			r.Body = io.NopCloser(bytes.NewReader(body))
			sum := sha256.Sum256(append([]byte(r.Method+" "+r.URL.Path+"\n"), body...))
			hash := hex.EncodeToString(sum[:])

			rec, err := responses.Get(r.Context(), db, scope, key)
			if err != nil {
				httpx.Error(w, r, err)
				return
			}
			if rec != nil && rec.ResponseStatus != nil {
				if rec.RequestHash != hash {
					httpx.Error(w, r, domain.Conflict("Idempotency-Key was used for a different request"))
					return
				}
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(*rec.ResponseStatus)
				_, _ = w.Write(rec.ResponseBody)
				return
			}

			rw := &recordingWriter{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rw, r)
			if rw.status >= 500 {
				return
			}
			if err := responses.SaveResponse(r.Context(), db, scope, key, hash, rw.status, rw.buf.Bytes()); err != nil {
				log.WarnContext(r.Context(), "store idempotent response", "scope", scope, "err", err)
			}
		})
	}
}

type recordingWriter struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (w *recordingWriter) WriteHeader(status int) {
	w.status = status
	w.ResponseWriter.WriteHeader(status)
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}
