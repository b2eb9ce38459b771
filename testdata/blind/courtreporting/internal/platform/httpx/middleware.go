package httpx

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// TokenResolver turns a bearer token into a principal.
type TokenResolver func(token string) (Principal, bool)

// Auth rejects requests without a resolvable bearer token.
func Auth(resolve TokenResolver) gin.HandlerFunc {
	return func(c *gin.Context) {
		raw := strings.TrimPrefix(c.GetHeader("Authorization"), "Bearer ")
		p, ok := resolve(raw)
		if raw == "" || !ok {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthorized"})
			return
		}
		c.Request = c.Request.WithContext(WithPrincipal(c.Request.Context(), p))
		c.Next()
	}
}
