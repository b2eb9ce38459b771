// Package httpmw holds HTTP decorators shared by the API handlers.
package httpmw

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/cobaltmesa/titleworks/internal/store"
)

// ResponseStore remembers responses by client key.
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (*store.SavedResponse, bool, error)
	Save(ctx context.Context, scope, key string, resp store.SavedResponse) error
}

type capture struct {
	http.ResponseWriter
	status int
	body   bytes.Buffer
}

func (c *capture) WriteHeader(status int) {
	c.status = status
	c.ResponseWriter.WriteHeader(status)
}

func (c *capture) Write(b []byte) (int, error) {
	if c.status == 0 {
		c.status = http.StatusOK
	}
	c.body.Write(b)
	return c.ResponseWriter.Write(b)
}

// Replay wraps a handler so that a request repeating an Idempotency-Key
// gets the stored response instead of running the handler again. Requests
// without the header pass straight through.
func Replay(rs ResponseStore, scope string, next http.HandlerFunc) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		key := r.Header.Get("Idempotency-Key")
		if key == "" {
			next(w, r)
			return
		}
		ctx := r.Context()
		if saved, ok, err := rs.Lookup(ctx, scope, key); err != nil {
			http.Error(w, `{"error":"idempotency lookup failed","code":"internal"}`, http.StatusInternalServerError)
			return
		} else if ok {
			w.Header().Set("Content-Type", "application/json")
			w.Header().Set("Idempotent-Replayed", "true")
			w.WriteHeader(saved.Status)
			_, _ = w.Write(saved.Body)
			return
		}
		c := &capture{ResponseWriter: w}
		next(c, r)
		if c.status >= 500 || c.status == 0 {
			return
		}
		if err := rs.Save(context.WithoutCancel(ctx), scope, key, store.SavedResponse{Status: c.status, Body: c.body.Bytes()}); err != nil {
			slog.WarnContext(ctx, "idempotency save failed", "scope", scope, "err", err)
		}
	}
}
