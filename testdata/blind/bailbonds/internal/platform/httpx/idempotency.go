package httpx

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
)

// StoredResponse is what the middleware replays for a repeated key.
type StoredResponse struct {
	StatusCode int
	Body       []byte
}

// ResponseStore persists responses by scoped Idempotency-Key.
type ResponseStore interface {
	Lookup(ctx context.Context, scopeKey string) (*StoredResponse, error)
	Save(ctx context.Context, scopeKey string, resp StoredResponse) error
}

type recordingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *recordingWriter) WriteString(s string) (int, error) {
	w.buf.WriteString(s)
	return w.ResponseWriter.WriteString(s)
}

// ReplayByIdempotencyKey answers a request that repeats an earlier
// Idempotency-Key with the response the first one got. Requests without the
// header pass straight through.
func ReplayByIdempotencyKey(store ResponseStore) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		ctx := c.Request.Context()
		scope := c.Request.Method + " " + c.Request.URL.Path + " " + key

		prev, err := store.Lookup(ctx, scope)
		if err != nil {
			Fail(c, err)
			return
		}
		if prev != nil {
			c.Header("Idempotent-Replayed", "true")
			c.Data(prev.StatusCode, "application/json; charset=utf-8", prev.Body)
			c.Abort()
			return
		}

		rec := &recordingWriter{ResponseWriter: c.Writer}
		c.Writer = rec
		c.Next()

		status := rec.Status()
		if status >= http.StatusInternalServerError {
			return
		}
		if err := store.Save(ctx, scope, StoredResponse{StatusCode: status, Body: rec.buf.Bytes()}); err != nil {
			slog.WarnContext(ctx, "idempotency: save response", "scope", scope, "err", err)
		}
	}
}
