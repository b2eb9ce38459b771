package httpserver

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"io"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"go.uber.org/zap"

	"github.com/quaymile/dispatch/internal/platform/idgen"
)

const (
	ctxTraceID        = "trace_id"
	ctxMerchantID     = "merchant_id"
	ctxCourierID      = "courier_id"
	ctxActor          = "actor"
	ctxIdempotencyKey = "idempotency_key"
	ctxBodyHash       = "body_hash"
)

// TraceID tags every request with a correlation id for logs. It honours an
// inbound X-Request-Id when the caller sends one.
func TraceID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" {
			id = idgen.NewTraceID()
		}
		c.Set(ctxTraceID, id)
		c.Header("X-Request-Id", id)
		c.Next()
	}
}

// AccessLog writes one structured line per request.
func AccessLog(log *zap.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("http request",
			zap.String("trace_id", c.GetString(ctxTraceID)),
			zap.String("method", c.Request.Method),
			zap.String("path", c.FullPath()),
			zap.Int("status", c.Writer.Status()),
			zap.Duration("latency", time.Since(start)),
		)
	}
}

// Recovery converts panics into 500 responses.
func Recovery(log *zap.Logger) gin.HandlerFunc {
	return gin.CustomRecovery(func(c *gin.Context, err any) {
		log.Error("panic in handler", zap.Any("panic", err), zap.String("trace_id", c.GetString(ctxTraceID)))
		c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
	})
}

// RequireIdempotencyKey rejects mutating requests that do not carry an
// Idempotency-Key header and stashes the key and a hash of the body.
func RequireIdempotencyKey() gin.HandlerFunc {
	return func(c *gin.Context) {
		key := strings.TrimSpace(c.GetHeader("Idempotency-Key"))
		if key == "" || len(key) > 255 {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "Idempotency-Key header is required"})
			return
		}
		body, err := io.ReadAll(c.Request.Body)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "unreadable body"})
			return
		}
		c.Request.Body = io.NopCloser(bytes.NewReader(body))
		sum := sha256.Sum256(body)
		c.Set(ctxIdempotencyKey, key)
		c.Set(ctxBodyHash, hex.EncodeToString(sum[:]))
		c.Next()
	}
}

// IdempotencyKey returns the key stored by RequireIdempotencyKey.
func IdempotencyKey(c *gin.Context) string { return c.GetString(ctxIdempotencyKey) }

// BodyHash returns the request body hash stored by RequireIdempotencyKey.
func BodyHash(c *gin.Context) string { return c.GetString(ctxBodyHash) }

// MerchantID returns the authenticated merchant.
func MerchantID(c *gin.Context) string { return c.GetString(ctxMerchantID) }

// CourierID returns the authenticated courier.
func CourierID(c *gin.Context) string { return c.GetString(ctxCourierID) }

// Actor returns the authenticated principal for audit fields.
func Actor(c *gin.Context) string { return c.GetString(ctxActor) }

// TraceIDFrom returns the request's trace id.
func TraceIDFrom(c *gin.Context) string { return c.GetString(ctxTraceID) }

// Error writes a JSON error body.
func Error(c *gin.Context, status int, err error) {
	c.AbortWithStatusJSON(status, gin.H{"error": err.Error(), "trace_id": c.GetString(ctxTraceID)})
}
