package httpapi

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/harborlight-symphony/encore/internal/store"
)

const requestIDKey = "request_id"

// RequestID tags each request with an id for logs and support tickets,
// reusing the caller's X-Request-ID when present.
func RequestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		rid := c.GetHeader("X-Request-ID")
		if rid == "" {
			rid = uuid.NewString()
		}
		c.Set(requestIDKey, rid)
		c.Header("X-Request-ID", rid)
		c.Next()
	}
}

// AccessLog writes one structured line per request.
func AccessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.InfoContext(c.Request.Context(), "http",
			"method", c.Request.Method,
			"route", c.FullPath(),
			"status", c.Writer.Status(),
			"took", time.Since(start),
			"request_id", c.GetString(requestIDKey),
		)
	}
}

// IdempotencyStore persists replayable responses.
type IdempotencyStore interface {
	Lookup(ctx context.Context, key, route string) (*store.IdempotencyRecord, error)
	Save(ctx context.Context, rec *store.IdempotencyRecord) error
}

type capturingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *capturingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

// Idempotent replays the stored response when a request repeats an
// Idempotency-Key it has already answered.
func Idempotent(st IdempotencyStore) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: "Idempotency-Key header is required"})
			return
		}
		ctx := c.Request.Context()
		route := c.FullPath()
		rec, err := st.Lookup(ctx, key, route)
		if err != nil {
			fail(c, err)
			return
		}
		if rec != nil {
			c.Header("Idempotent-Replayed", "true")
			c.Data(rec.StatusCode, "application/json; charset=utf-8", rec.ResponseBody)
			c.Abort()
			return
		}

		w := &capturingWriter{ResponseWriter: c.Writer}
		c.Writer = w
		c.Next()

		status := w.Status()
		if status >= 500 {
			return
		}
		if err := st.Save(ctx, &store.IdempotencyRecord{
			Key:          key,
			Route:        route,
			StatusCode:   status,
			ResponseBody: w.buf.Bytes(),
		}); err != nil {
			slog.WarnContext(ctx, "idempotency record not saved", "key", key, "route", route, "err", err)
		}
	}
}
