package httpapi

import (
	"net/http"
	"strings"

	"github.com/gin-gonic/gin"
)

// The API gateway authenticates callers and forwards their identity in
// headers; requests that bypass it are rejected here.
const (
	importerHeader = "X-Importer-Id"
	adminHeader    = "X-Admin-User"
)

func requireImporter() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := strings.TrimSpace(c.GetHeader(importerHeader))
		if id == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "missing importer identity"})
			return
		}
		c.Set("importer_id", id)
		c.Next()
	}
}

func requireAdmin() gin.HandlerFunc {
	return func(c *gin.Context) {
		user := strings.TrimSpace(c.GetHeader(adminHeader))
		if user == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "missing admin identity"})
			return
		}
		c.Set("admin_user", user)
		c.Next()
	}
}

func importerID(c *gin.Context) string { return c.GetString("importer_id") }
