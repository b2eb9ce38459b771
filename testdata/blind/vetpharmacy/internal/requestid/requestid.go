// Package requestid tags every inbound request with an identifier that is
// echoed back to the caller and attached to logs and jobs for tracing.
package requestid

import (
	"context"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
)

const Header = "X-Request-ID"

type ctxKey struct{}

// Middleware reuses the caller's X-Request-ID when present and mints one
// otherwise.
func Middleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader(Header)
		if id == "" {
			id = uuid.NewString()
		}
		c.Header(Header, id)
		c.Request = c.Request.WithContext(context.WithValue(c.Request.Context(), ctxKey{}, id))
		c.Next()
	}
}

// From returns the request ID in ctx or "" outside an HTTP request.
func From(ctx context.Context) string {
	id, _ := ctx.Value(ctxKey{}).(string)
	return id
}
