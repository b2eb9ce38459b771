package httpapi

import (
	"bytes"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/learnloop/tutoring/internal/store"
)

// recorder captures the response body so it can be replayed.
type recorder struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

func (r *recorder) WriteString(s string) (int, error) {
	r.buf.WriteString(s)
	return r.ResponseWriter.WriteString(s)
}

// IdempotentResponses replays the stored response when a request is
// repeated with the same Idempotency-Key header.
func IdempotentResponses(pool *pgxpool.Pool, keys store.IdempotencyKeys, scope string, log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		key = c.Param("tutorID") + ":" + key
		ctx := c.Request.Context()

		status, body, ok, err := keys.Lookup(ctx, pool, scope, key)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusServiceUnavailable, gin.H{"error": "try again"})
			return
		}
		if ok {
			c.Header("Idempotent-Replayed", "true")
			c.Data(status, "application/json; charset=utf-8", body)
			c.Abort()
			return
		}

		rec := &recorder{ResponseWriter: c.Writer}
		c.Writer = rec
		c.Next()

		if code := rec.Status(); code < http.StatusInternalServerError && rec.buf.Len() > 0 {
			if err := keys.Save(ctx, pool, scope, key, code, rec.buf.Bytes()); err != nil {
				log.ErrorContext(ctx, "save idempotent response", "scope", scope, "err", err)
			}
		}
	}
}
