package httpapi

import (
	"log/slog"
	"time"

	"github.com/gin-gonic/gin"
)

const (
	ctxMemberID = "member_id"
	ctxStaffID  = "staff_id"
)

// memberAuth trusts the X-Member-Id header set by the API gateway after it
// has validated the member's session token.
func memberAuth() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Member-Id")
		if id == "" {
			c.AbortWithStatusJSON(401, errorBody{Error: "unauthenticated"})
			return
		}
		c.Set(ctxMemberID, id)
		c.Next()
	}
}

// staffAuth trusts X-Staff-Id from the staff SSO proxy.
func staffAuth() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Staff-Id")
		if id == "" {
			c.AbortWithStatusJSON(401, errorBody{Error: "unauthenticated"})
			return
		}
		c.Set(ctxStaffID, id)
		c.Next()
	}
}

func requestLogger(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		attrs := []any{
			"method", c.Request.Method,
			"route", c.FullPath(),
			"status", c.Writer.Status(),
			"took", time.Since(start),
			"request_id", c.GetHeader("X-Request-Id"),
		}
		if len(c.Errors) > 0 {
			log.ErrorContext(c.Request.Context(), "request failed", append(attrs, "err", c.Errors.String())...)
			return
		}
		log.InfoContext(c.Request.Context(), "request", attrs...)
	}
}

func memberID(c *gin.Context) string { return c.GetString(ctxMemberID) }
func staffID(c *gin.Context) string  { return c.GetString(ctxStaffID) }
