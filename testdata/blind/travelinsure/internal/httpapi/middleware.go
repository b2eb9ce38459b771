package httpapi

import (
	"crypto/subtle"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/rs/xid"

	"github.com/skyguard-travel/policyhub/internal/models"
	"github.com/skyguard-travel/policyhub/internal/partners"
)

const partnerKey = "partner"

func requestLogger(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		reqID := c.GetHeader("X-Request-Id")
		if reqID == "" {
			reqID = xid.New().String()
		}
		c.Header("X-Request-Id", reqID)
		c.Next()
		log.InfoContext(c.Request.Context(), "http request",
			"request_id", reqID,
			"method", c.Request.Method,
			"route", c.FullPath(),
			"status", c.Writer.Status(),
			"elapsed", time.Since(start))
	}
}

func partnerAuth(svc partners.Service, log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		key := strings.TrimPrefix(c.GetHeader("Authorization"), "Bearer ")
		p, err := svc.Authenticate(c.Request.Context(), key)
		if errors.Is(err, partners.ErrUnauthorized) {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "invalid API key"})
			return
		}
		if err != nil {
			log.ErrorContext(c.Request.Context(), "partner auth", "err", err)
			c.AbortWithStatusJSON(http.StatusInternalServerError, gin.H{"error": "internal error"})
			return
		}
		c.Set(partnerKey, p)
		c.Next()
	}
}

func adminAuth(token string) gin.HandlerFunc {
	return func(c *gin.Context) {
		got := strings.TrimPrefix(c.GetHeader("Authorization"), "Bearer ")
		if token == "" || subtle.ConstantTimeCompare([]byte(got), []byte(token)) != 1 {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unauthorized"})
			return
		}
		c.Next()
	}
}

func partnerFrom(c *gin.Context) *models.Partner {
	v, ok := c.Get(partnerKey)
	if !ok {
		return nil
	}
	p, _ := v.(*models.Partner)
	return p
}

func partnerIDFrom(c *gin.Context) (uuid.UUID, bool) {
	p := partnerFrom(c)
	if p == nil {
		return uuid.Nil, false
	}
	return p.ID, true
}

func pathUUID(c *gin.Context, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		c.JSON(http.StatusNotFound, gin.H{"error": "not found"})
		return uuid.Nil, false
	}
	return id, true
}
