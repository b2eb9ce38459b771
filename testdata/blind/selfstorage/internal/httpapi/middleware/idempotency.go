package middleware

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/baywarden/storagedesk/internal/store"
)

// ResponseStore keeps successful responses by idempotency key.
type ResponseStore interface {
	LoadResponse(ctx context.Context, scope, key string) (*store.StoredResponse, error)
	SaveResponse(ctx context.Context, scope, key string, r store.StoredResponse) error
}

type responseRecorder struct {
	gin.ResponseWriter
	body bytes.Buffer
}

func (w *responseRecorder) Write(b []byte) (int, error) {
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

func (w *responseRecorder) WriteString(s string) (int, error) {
	w.body.WriteString(s)
	return w.ResponseWriter.WriteString(s)
}

// Idempotent requires an Idempotency-Key header and replays the stored
// response when the key has been seen on this route before.
func Idempotent(rs ResponseStore, log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" || len(key) > 200 {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header required"})
			return
		}
		scope := c.Request.Method + " " + c.FullPath() + " " + c.Param("id")
		ctx := c.Request.Context()

		prev, err := rs.LoadResponse(ctx, scope, key)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
			return
		}
		if prev != nil {
			c.Header("Idempotent-Replayed", "true")
			c.Data(prev.Status, "application/json; charset=utf-8", prev.Body)
			c.Abort()
			return
		}

		rec := &responseRecorder{ResponseWriter: c.Writer}
		c.Writer = rec
		c.Set(idempotencyKey, key)
		c.Next()

		status := rec.Status()
		if status >= 200 && status < 300 {
			if err := rs.SaveResponse(ctx, scope, key, store.StoredResponse{Status: status, Body: rec.body.Bytes()}); err != nil {
				log.ErrorContext(ctx, "save idempotent response", "scope", scope, "err", err)
			}
		}
	}
}

// IdempotencyKey returns the key accepted by Idempotent.
func IdempotencyKey(c *gin.Context) string { return c.GetString(idempotencyKey) }
