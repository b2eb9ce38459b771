package httpapi

import (
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/halyard/funding/internal/platform/ids"
)

const (
	ctxRequestID  = "request_id"
	ctxUserID     = "user_id"
	ctxOperatorID = "operator_id"
)

// requestID tags every request with a correlation id for logs and echoes
// it to the caller.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		rid := c.GetHeader("X-Correlation-Id")
		if rid == "" {
			rid = ids.RequestID()
		}
		c.Set(ctxRequestID, rid)
		c.Header("X-Correlation-Id", rid)
		c.Next()
	}
}

func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.InfoContext(c.Request.Context(), "http",
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"dur_ms", time.Since(start).Milliseconds(),
			"request_id", c.GetString(ctxRequestID),
		)
	}
}

// userAuth trusts the identity headers set by the API gateway after it has
// validated the session token.
func userAuth() gin.HandlerFunc {
	return func(c *gin.Context) {
		uid := c.GetHeader("X-Auth-User-Id")
		if uid == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthenticated"})
			return
		}
		c.Set(ctxUserID, uid)
		c.Next()
	}
}

// adminAuth requires an operator identity with the treasury role.
func adminAuth() gin.HandlerFunc {
	return func(c *gin.Context) {
		op := c.GetHeader("X-Auth-Operator-Id")
		roles := strings.Split(c.GetHeader("X-Auth-Operator-Roles"), ",")
		if op == "" || !contains(roles, "treasury") {
			c.AbortWithStatusJSON(http.StatusForbidden, gin.H{"error": "forbidden"})
			return
		}
		c.Set(ctxOperatorID, op)
		c.Next()
	}
}

func contains(xs []string, v string) bool {
	for _, x := range xs {
		if strings.TrimSpace(x) == v {
			return true
		}
	}
	return false
}
