package api

import (
	"net/http"

	"github.com/gin-gonic/gin"
)

// Roles asserted by the API gateway after it validates the caller's token.
const (
	roleCustomer   = "customer"
	roleTechnician = "technician"
	roleSupport    = "support"
)

const principalKey = "principal"

type principal struct {
	ID   string
	Role string
}

// authenticate reads the identity headers set by the gateway.
func authenticate() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Subject-Id")
		role := c.GetHeader("X-Subject-Role")
		if id == "" || role == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthenticated"})
			return
		}
		c.Set(principalKey, principal{ID: id, Role: role})
		c.Next()
	}
}

func requireRole(role string) gin.HandlerFunc {
	return func(c *gin.Context) {
		if current(c).Role != role {
			c.AbortWithStatusJSON(http.StatusForbidden, gin.H{"error": "forbidden"})
			return
		}
		c.Next()
	}
}

func current(c *gin.Context) principal {
	v, _ := c.Get(principalKey)
	p, _ := v.(principal)
	return p
}
