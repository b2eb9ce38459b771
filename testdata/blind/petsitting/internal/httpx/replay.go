package httpx

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/store"
)

// ResponseStore persists responses so a client retrying with the same
// Idempotency-Key gets the original answer back.
type ResponseStore interface {
	Lookup(ctx context.Context, accountID uuid.UUID, key, method, path string) (store.StoredResponse, error)
	Save(ctx context.Context, accountID uuid.UUID, key, method, path string, resp store.StoredResponse) error
}

type recorder struct {
	http.ResponseWriter
	status int
	buf    bytes.Buffer
}

func (r *recorder) WriteHeader(status int) {
	r.status = status
	r.ResponseWriter.WriteHeader(status)
}

func (r *recorder) Write(p []byte) (int, error) {
	r.buf.Write(p)
	return r.ResponseWriter.Write(p)
}

// Replay returns middleware that serves a stored response for a repeated
// Idempotency-Key and stores successful and client-error responses.
func Replay(st ResponseStore) func(http.Handler) http.Handler {
	return func(next http.Handler) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			key := r.Header.Get("Idempotency-Key")
			if key == "" || r.Method == http.MethodGet {
				next.ServeHTTP(w, r)
				return
			}
			ctx := r.Context()
			acct := Account(ctx)

			prev, err := st.Lookup(ctx, acct, key, r.Method, r.URL.Path)
			switch {
			case err == nil:
				w.Header().Set("Content-Type", "application/json")
				w.Header().Set("Idempotent-Replayed", "true")
				w.WriteHeader(prev.StatusCode)
				_, _ = w.Write(prev.Body)
				return
			case !errors.Is(err, store.ErrNotFound):
				writeError(w, r, err)
				return
			}

			rec := &recorder{ResponseWriter: w, status: http.StatusOK}
			next.ServeHTTP(rec, r)
			if rec.status >= 500 {
				return
			}
			if err := st.Save(context.WithoutCancel(ctx), acct, key, r.Method, r.URL.Path, store.StoredResponse{
				StatusCode: rec.status,
				Body:       rec.buf.Bytes(),
			}); err != nil {
				slog.WarnContext(ctx, "idempotency: save response failed", "err", err)
			}
		})
	}
}
