package api

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"log/slog"

	"github.com/gin-gonic/gin"

	"github.com/tradeloop/homeservices/internal/domain"
	"github.com/tradeloop/homeservices/internal/platform/httpx"
	"github.com/tradeloop/homeservices/internal/store"
)

// recorder keeps a copy of the response body.
type recorder struct {
	gin.ResponseWriter
	body bytes.Buffer
}

func (r *recorder) Write(b []byte) (int, error) {
	r.body.Write(b)
	return r.ResponseWriter.Write(b)
}

func (r *recorder) WriteString(s string) (int, error) {
	r.body.WriteString(s)
	return r.ResponseWriter.WriteString(s)
}

// idempotent replays the stored response when a request repeats its
// Idempotency-Key, and stores the response of the first one.
func idempotent(scope string, keys store.IdempotencyRepository) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		ctx := c.Request.Context()
		sum := sha256.Sum256([]byte(c.Request.Method + " " + c.Request.URL.Path + " " + current(c).ID))
		hash := hex.EncodeToString(sum[:])

		prev, err := keys.Get(ctx, scope, key)
		switch {
		case err == nil && prev.RequestHash != hash:
			httpx.WriteError(c, domain.Conflictf("idempotency key reused with a different request"))
			return
		case err == nil && prev.ResponseStatus != nil:
			c.Data(*prev.ResponseStatus, "application/json", prev.ResponseBody)
			c.Abort()
			return
		case err != nil && !errors.Is(err, domain.ErrNotFound):
			httpx.WriteError(c, err)
			return
		}

		rec := &recorder{ResponseWriter: c.Writer}
		c.Writer = rec
		c.Next()

		status := rec.Status()
		if status >= 500 {
			return
		}
		if err := keys.Save(ctx, &store.IdempotencyRecord{
			Scope:          scope,
			Key:            key,
			RequestHash:    hash,
			ResponseStatus: &status,
			ResponseBody:   rec.body.Bytes(),
		}); err != nil {
			slog.ErrorContext(ctx, "store idempotent response", "scope", scope, "err", err)
		}
	}
}
