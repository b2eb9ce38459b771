package httpx

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
)

// StoredResponse is a response captured for an Idempotency-Key.
type StoredResponse struct {
	StatusCode int
	Body       []byte
}

// ResponseStore persists responses for the Idempotent middleware.
type ResponseStore interface {
	Lookup(ctx context.Context, key, route string) (*StoredResponse, error)
	Save(ctx context.Context, key, route string, resp StoredResponse) error
}

// IdempotencyHeader is the header clients send on retried POSTs.
const IdempotencyHeader = "Idempotency-Key"

type captureWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *captureWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *captureWriter) WriteString(s string) (int, error) {
	w.buf.WriteString(s)
	return w.ResponseWriter.WriteString(s)
}

// Idempotent replays the stored response when a request repeats an
// Idempotency-Key the route has already answered successfully. Routes that
// cannot carry the key in their own transaction use this.
func Idempotent(store ResponseStore) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader(IdempotencyHeader)
		if key == "" {
			c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Code: "missing_idempotency_key", Message: "Idempotency-Key header is required"})
			return
		}
		route := c.Request.Method + " " + c.FullPath()
		ctx := c.Request.Context()

		prev, err := store.Lookup(ctx, key, route)
		if err != nil {
			WriteError(c, err)
			return
		}
		if prev != nil {
			c.Header("Idempotent-Replayed", "true")
			c.Data(prev.StatusCode, "application/json; charset=utf-8", prev.Body)
			c.Abort()
			return
		}

		w := &captureWriter{ResponseWriter: c.Writer}
		c.Writer = w
		c.Next()

		status := w.Status()
		if status < 200 || status >= 300 {
			return
		}
		if err := store.Save(ctx, key, route, StoredResponse{StatusCode: status, Body: w.buf.Bytes()}); err != nil {
			slog.ErrorContext(ctx, "store idempotent response", "route", route, "err", err)
		}
	}
}
