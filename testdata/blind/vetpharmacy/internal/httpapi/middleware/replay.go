package middleware

import (
	"bytes"
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/kestrelvet/refillrx/internal/db"
)

const HeaderIdempotencyKey = "Idempotency-Key"

type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (db.IdempotencyRecord, bool, error)
	Save(ctx context.Context, rec db.IdempotencyRecord) error
}

type recorder struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.buf.Write(b)
	return r.ResponseWriter.Write(b)
}

// ReplayResponses lets mobile clients send an Idempotency-Key on
// non-idempotent POSTs. A repeat of a key that already completed gets the
// stored response instead of running the handler again.
func ReplayResponses(rs ResponseStore, log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader(HeaderIdempotencyKey)
		if key == "" {
			c.Next()
			return
		}
		ctx := c.Request.Context()
		scope := PrincipalOf(c).OwnerID + " " + c.Request.Method + " " + c.FullPath()

		rec, found, err := rs.Lookup(ctx, scope, key)
		if err != nil {
			_ = c.Error(err)
			c.Abort()
			return
		}
		if found {
			c.Header("Idempotent-Replayed", "true")
			c.Data(int(rec.StatusCode), "application/json; charset=utf-8", rec.Body)
			c.Abort()
			return
		}

		w := &recorder{ResponseWriter: c.Writer}
		c.Writer = w
		c.Next()

		status := w.Status()
		if status >= http.StatusInternalServerError || len(c.Errors) > 0 {
			return
		}
		if err := rs.Save(context.WithoutCancel(ctx), db.IdempotencyRecord{
			Scope: scope, Key: key, StatusCode: int32(status), Body: w.buf.Bytes(),
		}); err != nil {
			log.WarnContext(ctx, "could not store idempotent response", "err", err)
		}
	}
}
