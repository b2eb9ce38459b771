package api

import (
	"bytes"
	"log/slog"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/brightsmile-dental/practiceops/internal/platform/idempotency"
)

const requestIDKey = "request_id"

// RequestID tags each request with an id for logs and error bodies.
func RequestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-ID")
		if id == "" {
			id = uuid.NewString()
		}
		c.Set(requestIDKey, id)
		c.Header("X-Request-ID", id)
		c.Next()
	}
}

// AccessLog writes one line per request.
func AccessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		attrs := []any{
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"took", time.Since(start),
			"request_id", c.GetString(requestIDKey),
		}
		if len(c.Errors) > 0 {
			attrs = append(attrs, "err", c.Errors.String())
		}
		log.Info("http", attrs...)
	}
}

type recordingWriter struct {
	gin.ResponseWriter
	body bytes.Buffer
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

// Idempotency replays the stored response when a request repeats an
// Idempotency-Key already seen in scope. Responses below 500 are stored.
func Idempotency(store idempotency.Store, scope string, log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		ctx := c.Request.Context()
		rec, err := store.Lookup(ctx, scope, key)
		if err != nil {
			fail(c, err)
			return
		}
		if rec != nil {
			c.Header("Idempotent-Replayed", "true")
			c.Data(rec.ResponseStatus, "application/json; charset=utf-8", rec.ResponseBody)
			c.Abort()
			return
		}

		w := &recordingWriter{ResponseWriter: c.Writer}
		c.Writer = w
		c.Next()

		if w.Status() >= 500 {
			return
		}
		if err := store.Save(ctx, idempotency.Record{
			Scope:          scope,
			Key:            key,
			ResponseStatus: w.Status(),
			ResponseBody:   w.body.Bytes(),
		}); err != nil {
			log.Error("store idempotent response", "scope", scope, "err", err)
		}
	}
}
