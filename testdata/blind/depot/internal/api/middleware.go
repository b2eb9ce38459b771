package api

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
)

// Authenticator resolves API credentials.
type Authenticator interface {
	// MerchantForKey returns the merchant an API key belongs to.
	MerchantForKey(ctx context.Context, key string) (string, bool)
	// StaffToken validates a warehouse staff token and returns the user.
	StaffToken(ctx context.Context, token string) (string, bool)
}

// StaticAuth is an Authenticator over fixed maps, loaded from config.
type StaticAuth struct {
	MerchantKeys map[string]string
	StaffTokens  map[string]string
}

// MerchantForKey implements Authenticator.
func (a StaticAuth) MerchantForKey(_ context.Context, key string) (string, bool) {
	m, ok := a.MerchantKeys[key]
	return m, ok
}

// StaffToken implements Authenticator.
func (a StaticAuth) StaffToken(_ context.Context, token string) (string, bool) {
	u, ok := a.StaffTokens[token]
	return u, ok
}

const (
	ctxMerchant = "merchant_id"
	ctxStaff    = "staff_user"
)

func merchantAuth(a Authenticator) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := strings.TrimPrefix(c.GetHeader("Authorization"), "Bearer ")
		mid, ok := a.MerchantForKey(c.Request.Context(), key)
		if !ok || mid != c.Param("mid") {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthorized"})
			return
		}
		c.Set(ctxMerchant, mid)
		c.Next()
	}
}

func staffAuth(a Authenticator) gin.HandlerFunc {
	return func(c *gin.Context) {
		tok := strings.TrimPrefix(c.GetHeader("Authorization"), "Bearer ")
		user, ok := a.StaffToken(c.Request.Context(), tok)
		if !ok {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthorized"})
			return
		}
		c.Set(ctxStaff, user)
		c.Next()
	}
}

func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" {
			b := make([]byte, 8)
			_, _ = rand.Read(b)
			id = hex.EncodeToString(b)
		}
		c.Header("X-Request-Id", id)
		c.Set("request_id", id)
		c.Next()
	}
}

func requestLogger(l *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		l.Info("http",
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"took", time.Since(start),
			"request_id", c.GetString("request_id"),
		)
	}
}
