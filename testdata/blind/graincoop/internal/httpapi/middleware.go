package httpapi

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"io"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/prairiegold/graincoop/internal/domain"
	"github.com/prairiegold/graincoop/internal/store"
)

const (
	ctxRequestID = "request_id"
	ctxActor     = "actor"
)

// RequestID propagates X-Request-Id or assigns one for log correlation.
func RequestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" {
			id = uuid.NewString()
		}
		c.Set(ctxRequestID, id)
		c.Header("X-Request-Id", id)
		c.Next()
	}
}

// Actor reads the authenticated user the API gateway puts in X-Auth-User.
func Actor() gin.HandlerFunc {
	return func(c *gin.Context) {
		u := c.GetHeader("X-Auth-User")
		if u == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "missing identity"})
			return
		}
		c.Set(ctxActor, u)
		c.Next()
	}
}

func actor(c *gin.Context) string { return c.GetString(ctxActor) }

func AccessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("http",
			"method", c.Request.Method, "path", c.FullPath(), "status", c.Writer.Status(),
			"dur_ms", time.Since(start).Milliseconds(), "request_id", c.GetString(ctxRequestID))
	}
}

// IdempotencyRecords persists replayable responses keyed by client key.
type IdempotencyRecords interface {
	Get(ctx context.Context, scope, key string) (*domain.IdempotencyKey, error)
	Save(ctx context.Context, rec *domain.IdempotencyKey) error
}

type capturingWriter struct {
	gin.ResponseWriter
	buf bytes.Buffer
}

func (w *capturingWriter) Write(b []byte) (int, error) {
	w.buf.Write(b)
	return w.ResponseWriter.Write(b)
}

// Idempotent replays the stored response when a request repeats its
// Idempotency-Key, and stores the response of the first request.
func Idempotent(records IdempotencyRecords, scope string) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		if key == "" || len(key) > 128 {
			badRequest(c, errors.New("Idempotency-Key header is required"))
			return
		}
		body, err := io.ReadAll(io.LimitReader(c.Request.Body, 1<<20))
		if err != nil {
			badRequest(c, err)
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		sum := sha256.Sum256(body)
		hash := hex.EncodeToString(sum[:])
		ctx := c.Request.Context()

		prev, err := records.Get(ctx, scope, key)
		switch {
		case err == nil:
			if prev.RequestHash != hash {
				c.AbortWithStatusJSON(http.StatusUnprocessableEntity, errorBody{Error: "Idempotency-Key reused with a different body"})
				return
			}
			c.Header("Idempotent-Replayed", "true")
			c.Data(prev.StatusCode, "application/json", prev.ResponseBody)
			c.Abort()
			return
		case !errors.Is(err, store.ErrNotFound):
			fail(c, err)
			return
		}

		w := &capturingWriter{ResponseWriter: c.Writer}
		c.Writer = w
		c.Next()

		if st := w.Status(); st >= 200 && st < 300 {
			if err := records.Save(ctx, &domain.IdempotencyKey{
				Scope: scope, Key: key, RequestHash: hash, StatusCode: st,
				ResponseBody: w.buf.Bytes(), CreatedAt: time.Now().UTC(),
			}); err != nil {
				slog.ErrorContext(ctx, "store idempotency record", "scope", scope, "err", err)
			}
		}
	}
}
