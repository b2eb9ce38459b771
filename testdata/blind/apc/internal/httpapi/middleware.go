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

	"github.com/quillpress/apcdesk/internal/domain"
)

const (
	ctxActor     = "actor"
	ctxRequestID = "request_id"
)

// requestID propagates X-Request-Id or mints one for log correlation.
func requestID() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" {
			id = uuid.NewString()
		}
		c.Set(ctxRequestID, id)
		c.Header("X-Request-Id", id)
		c.Next()
	}
}

func accessLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.InfoContext(c.Request.Context(), "http",
			"method", c.Request.Method,
			"route", c.FullPath(),
			"status", c.Writer.Status(),
			"duration_ms", time.Since(start).Milliseconds(),
			"request_id", c.GetString(ctxRequestID),
			"actor", c.GetString(ctxActor),
		)
	}
}

// authenticate maps a bearer API key to the actor recorded in audit rows.
func authenticate(keys map[string]string) gin.HandlerFunc {
	return func(c *gin.Context) {
		token, ok := strings.CutPrefix(c.GetHeader("Authorization"), "Bearer ")
		if !ok || token == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "missing bearer token"})
			return
		}
		for key, actor := range keys {
			if subtle.ConstantTimeCompare([]byte(key), []byte(token)) == 1 {
				c.Set(ctxActor, actor)
				c.Next()
				return
			}
		}
		c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "unknown api key"})
	}
}

func actor(c *gin.Context) string { return c.GetString(ctxActor) }

// fail writes err as a JSON problem with the matching status code.
func (s *Server) fail(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	body := gin.H{"error": err.Error()}
	var verr *domain.ValidationError
	switch {
	case errors.As(err, &verr):
		status = http.StatusUnprocessableEntity
		body = gin.H{"error": verr.Message, "field": verr.Field}
	case errors.Is(err, domain.ErrInvalid):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, domain.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, domain.ErrKeyReuse):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, domain.ErrConflict), errors.Is(err, domain.ErrNotPayable):
		status = http.StatusConflict
	case errors.Is(err, domain.ErrInsufficientFunds), errors.Is(err, domain.ErrAgreementInactive):
		status = http.StatusPaymentRequired
	}
	if status == http.StatusInternalServerError {
		s.Log.ErrorContext(c.Request.Context(), "request failed", "route", c.FullPath(), "err", err)
		body = gin.H{"error": "internal error", "request_id": c.GetString(ctxRequestID)}
	}
	c.AbortWithStatusJSON(status, body)
}

// bind decodes the JSON body or writes a 400.
func bind[T any](c *gin.Context) (T, bool) {
	var v T
	if err := c.ShouldBindJSON(&v); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return v, false
	}
	return v, true
}
