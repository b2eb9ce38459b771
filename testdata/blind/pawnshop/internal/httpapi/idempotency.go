package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/ironvault/pawnline/internal/domain"
)

// IdempotencyStore keeps the response sent for each Idempotency-Key.
type IdempotencyStore interface {
	Lookup(ctx context.Context, scope, key string) (domain.StoredResponse, bool, error)
	Save(ctx context.Context, scope, key string, resp domain.StoredResponse) error
}

// RequireIdempotency makes a POST replayable: the first response for a key
// is stored and repeated to any later request with the same key. Server
// errors are not stored so the client can try again.
func RequireIdempotency(store IdempotencyStore, scope string, log *slog.Logger) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				writeError(w, r, domain.Invalid("Idempotency-Key", "header is required"))
				return
			}
			prev, found, err := store.Lookup(r.Context(), scope, key)
			if err != nil {
				writeError(w, r, err)
				return
			}
			if found {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.Status)
				_, _ = w.Write(prev.Body)
				return
			}

			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			if err := store.Save(r.Context(), scope, key, domain.StoredResponse{Status: rec.status, Body: rec.body.Bytes()}); err != nil {
				log.ErrorContext(r.Context(), "save idempotent response", "scope", scope, "err", err)
			}
		})
	}
}

// recorder tees the response so it can be stored.
type recorder struct {
	http.ResponseWriter
	status      int
	wroteHeader bool
	body        bytes.Buffer
}

func (r *recorder) WriteHeader(code int) {
	if !r.wroteHeader {
		r.status, r.wroteHeader = code, true
	}
	r.ResponseWriter.WriteHeader(code)
}

func (r *recorder) Write(b []byte) (int, error) {
	if !r.wroteHeader {
		r.WriteHeader(http.StatusOK)
	}
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}
