package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// GinIdempotent is Idempotent as gin middleware: c.Next runs the route's
// handler.
func GinIdempotent(ks KeyStore) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := c.GetHeader("Idempotency-Key")
		ctx := c.Request.Context()
		if _, found, err := ks.Lookup(ctx, key); err != nil || found {
			c.AbortWithStatus(http.StatusConflict)
			return
		}
		c.Next()
		ks.Finish(ctx, key, http.StatusOK)
	}
}
