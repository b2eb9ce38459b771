// Package idempotency replays stored responses for requests that carry an
// Idempotency-Key header. The ramp tablets send one on every write they
// queue while offline.
package idempotency

import (
	"bytes"
	"errors"
	"log/slog"
	"time"

	"github.com/gin-gonic/gin"
	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/models"
)

const Header = "Idempotency-Key"

type recorder struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// Middleware returns a gin middleware that stores the first response for a
// key and replays it for later requests with the same key.
func Middleware(db *gorm.DB) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader(Header)
		if key == "" {
			c.Next()
			return
		}
		scoped := c.Request.Method + " " + c.FullPath() + " " + key

		var rec models.IdempotencyRecord
		err := db.WithContext(c.Request.Context()).Where("key = ?", scoped).First(&rec).Error
		switch {
		case err == nil:
			c.Header("Idempotent-Replayed", "true")
			c.Data(rec.StatusCode, "application/json; charset=utf-8", rec.Body)
			c.Abort()
			return
		case !errors.Is(err, gorm.ErrRecordNotFound):
			c.AbortWithStatusJSON(500, gin.H{"error": "idempotency lookup failed"})
			return
		}

		w := &recorder{ResponseWriter: c.Writer}
		c.Writer = w
		c.Next()

		status := w.Status()
		if status >= 500 {
			return
		}
		rec = models.IdempotencyRecord{
			Key:        scoped,
			Method:     c.Request.Method,
			Path:       c.FullPath(),
			StatusCode: status,
			Body:       w.buf.Bytes(),
			CreatedAt:  time.Now().UTC(),
		}
		if err := db.WithContext(c.Request.Context()).Create(&rec).Error; err != nil {
			slog.WarnContext(c.Request.Context(), "storing idempotent response failed", "key", scoped, "err", err)
		}
	}
}
