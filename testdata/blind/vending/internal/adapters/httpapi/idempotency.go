package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/vendgrid/fleetops/internal/adapters/postgres"
)

// ResponseStore persists responses of requests carrying an Idempotency-Key.
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (*postgres.SavedResponse, error)
	Save(ctx context.Context, scope, key string, r postgres.SavedResponse) error
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

// idempotent replays the stored response when a request repeats an
// Idempotency-Key within scope. Requests without the header pass through.
func idempotent(store ResponseStore, scope string) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" {
				next.ServeHTTP(w, r)
				return
			}
			ctx := r.Context()
			saved, err := store.Lookup(ctx, scope, key)
			if err != nil {
				writeError(w, r, err)
				return
			}
			if saved != nil {
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(saved.StatusCode)
				_, _ = w.Write(saved.Body)
				return
			}

			rec := &recorder{ResponseWriter: w}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 || rec.status == 0 {
				return
			}
			if err := store.Save(ctx, scope, key, postgres.SavedResponse{StatusCode: rec.status, Body: rec.buf.Bytes()}); err != nil {
				slog.WarnContext(ctx, "idempotent response not saved", "scope", scope, "err", err)
			}
		})
	}
}
