// Package middleware holds the gin middleware shared by the API routes.
package middleware

import (
	"crypto/subtle"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

const (
	requestIDKey   = "request_id"
	idempotencyKey = "idempotency_key"
	staffKey       = "staff"
)

// RequestID propagates or assigns X-Request-Id.
func RequestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" {
			id = uuid.NewString()
		}
		c.Set(requestIDKey, id)
		c.Header("X-Request-Id", id)
		c.Next()
	}
}

// GetRequestID returns the request id set by RequestID.
func GetRequestID(c *gin.Context) string { return c.GetString(requestIDKey) }

// Logger logs one line per request.
func Logger(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.InfoContext(c.Request.Context(), "http",
			"method", c.Request.Method,
			"route", c.FullPath(),
			"status", c.Writer.Status(),
			"dur_ms", time.Since(start).Milliseconds(),
			"request_id", GetRequestID(c))
	}
}

// AdminAuth checks the staff bearer token and records the staff member.
func AdminAuth(token string) gin.HandlerFunc {
	return func(c *gin.Context) {
		got := c.GetHeader("Authorization")
		if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte("Bearer "+token)) != 1 {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthorized"})
			return
		}
		staff := c.GetHeader("X-Staff-Id")
		if staff == "" {
			staff = "admin"
		}
		c.Set(staffKey, staff)
		c.Next()
	}
}

// Staff returns the staff member set by AdminAuth.
func Staff(c *gin.Context) string { return c.GetString(staffKey) }
