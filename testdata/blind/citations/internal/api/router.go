// Package api is the gin HTTP surface: the citizen portal API, the clerk
// API and the provider webhooks.
package api

import (
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/rs/xid"

	"github.com/harborcity/citeproc/internal/service"
)

// Registrar is implemented by every handler struct.
type Registrar interface {
	Register(public, clerk, hooks *gin.RouterGroup)
}

// RouterConfig configures NewRouter.
type RouterConfig struct {
	ClerkToken string
}

// NewRouter builds the engine and lets each handler register its routes.
func NewRouter(cfg RouterConfig, log *slog.Logger, handlers ...Registrar) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestID(), accessLog(log))
	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	public := r.Group("/v1")
	clerk := r.Group("/v1", clerkAuth(cfg.ClerkToken))
	hooks := r.Group("/v1/webhooks")
	for _, h := range handlers {
		h.Register(public, clerk, hooks)
	}
	return r
}

// requestID tags each request for log correlation; it is not used for
// deduplication.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-ID")
		if id == "" {
			id = xid.New().String()
		}
		c.Set("request_id", id)
		c.Header("X-Request-ID", id)
		c.Next()
	}
}

func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Set("logger", log)
		c.Next()
		log.Info("http", "method", c.Request.Method, "path", c.FullPath(), "status", c.Writer.Status(),
			"dur_ms", time.Since(start).Milliseconds(), "request_id", c.GetString("request_id"))
	}
}

func clerkAuth(token string) gin.HandlerFunc {
	return func(c *gin.Context) {
		got := strings.TrimPrefix(c.GetHeader("Authorization"), "Bearer ")
		if token == "" || got != token {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthorized"})
			return
		}
		clerk := c.GetHeader("X-Clerk-ID")
		if clerk == "" {
			clerk = "clerk"
		}
		c.Set("actor", clerk)
		c.Next()
	}
}

func actor(c *gin.Context, fallback string) string {
	if a := c.GetString("actor"); a != "" {
		return a
	}
	return fallback
}

// idempotencyKey reads the Idempotency-Key header.
func idempotencyKey(c *gin.Context) string {
	return strings.TrimSpace(c.GetHeader("Idempotency-Key"))
}

// fail maps service errors to HTTP responses.
func fail(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, service.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, service.ErrValidation):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, service.ErrConflict):
		status = http.StatusConflict
	case errors.Is(err, service.ErrDeclined):
		status = http.StatusPaymentRequired
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		msg = "internal error"
		if l, ok := c.Get("logger"); ok {
			l.(*slog.Logger).Error("request failed", "err", err)
		}
	}
	c.AbortWithStatusJSON(status, gin.H{"error": msg, "request_id": c.GetString("request_id")})
}

func badRequest(c *gin.Context, err error) {
	c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
}
