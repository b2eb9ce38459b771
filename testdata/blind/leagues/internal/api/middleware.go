package api

import (
	"log/slog"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/rs/xid"
)

const headerRequestID = "X-Request-ID"

// requestID propagates or assigns a request ID for log correlation.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader(headerRequestID)
		if id == "" {
			id = xid.New().String()
		}
		c.Set("request_id", id)
		c.Header(headerRequestID, id)
		c.Next()
	}
}

// accessLog writes one structured line per request.
func accessLog() gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		slog.InfoContext(c.Request.Context(), "http",
			"method", c.Request.Method,
			"route", c.FullPath(),
			"status", c.Writer.Status(),
			"took", time.Since(start),
			"request_id", c.GetString("request_id"),
		)
	}
}

// idempotencyKey reads the client's Idempotency-Key header.
func idempotencyKey(c *gin.Context) string {
	return c.GetHeader("Idempotency-Key")
}

// actor is the staff member or parent making the request, as set by the
// auth proxy in front of the service.
func actor(c *gin.Context) string {
	if a := c.GetHeader("X-Authenticated-User"); a != "" {
		return a
	}
	return "unknown"
}
