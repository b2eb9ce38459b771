package api

import (
	"bytes"
	"context"
	"errors"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/repository"
)

// ResponseStore keeps responses by Idempotency-Key.
type ResponseStore interface {
	Lookup(ctx context.Context, scope, key string) (*domain.IdempotencyKey, error)
	Save(ctx context.Context, rec *domain.IdempotencyKey) error
}

type recordingWriter struct {
	gin.ResponseWriter
	body bytes.Buffer
}

func (w *recordingWriter) Write(b []byte) (int, error) {
	w.body.Write(b)
	return w.ResponseWriter.Write(b)
}

// ReplayIdempotent replays the stored response when a request repeats an
// Idempotency-Key for scope, and stores the response of the first request.
func ReplayIdempotent(store ResponseStore, scope string) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" {
			c.Next()
			return
		}
		ctx := c.Request.Context()
		rec, err := store.Lookup(ctx, scope, key)
		switch {
		case err == nil && rec.ResponseCode != nil:
			c.Header("Idempotent-Replayed", "true")
			c.Data(*rec.ResponseCode, "application/json; charset=utf-8", rec.ResponseBody)
			c.Abort()
			return
		case err != nil && !errors.Is(err, repository.ErrNotFound):
			fail(c, err)
			c.Abort()
			return
		}

		w := &recordingWriter{ResponseWriter: c.Writer}
		c.Writer = w
		c.Next()

		code := w.Status()
		if code >= http.StatusInternalServerError {
			return
		}
		if err := store.Save(ctx, &domain.IdempotencyKey{
			Scope:        scope,
			Key:          key,
			ResponseCode: &code,
			ResponseBody: w.body.Bytes(),
		}); err != nil {
			c.Error(err)
		}
	}
}
