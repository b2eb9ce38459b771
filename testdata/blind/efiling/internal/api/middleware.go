package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/docketly/efile/internal/service"
)

const firmKey = "firm_id"

// Authenticator resolves a bearer token to a firm.
type Authenticator interface {
	FirmForToken(ctx context.Context, token string) (uuid.UUID, error)
}

// requireFirm authenticates the caller and stores the firm id on the context.
func requireFirm(auth Authenticator) gin.HandlerFunc {
	return func(c *gin.Context) {
		h := c.GetHeader("Authorization")
		token, ok := strings.CutPrefix(h, "Bearer ")
		if !ok || token == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "unauthorized"})
			return
		}
		firmID, err := auth.FirmForToken(c.Request.Context(), token)
		if err != nil {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "unauthorized"})
			return
		}
		c.Set(firmKey, firmID)
		c.Next()
	}
}

func firmID(c *gin.Context) uuid.UUID {
	v, _ := c.Get(firmKey)
	id, _ := v.(uuid.UUID)
	return id
}

func pathUUID(c *gin.Context, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		c.JSON(http.StatusNotFound, errorBody{Error: "not_found"})
		return uuid.Nil, false
	}
	return id, true
}

// requestLog logs one line per request.
func requestLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.InfoContext(c.Request.Context(), "http",
			"method", c.Request.Method,
			"route", c.FullPath(),
			"status", c.Writer.Status(),
			"dur_ms", time.Since(start).Milliseconds(),
			"idempotency_key", c.GetHeader("Idempotency-Key"),
		)
	}
}

type errorBody struct {
	Error   string `json:"error"`
	Message string `json:"message,omitempty"`
}

// writeError maps service errors to HTTP responses.
func writeError(c *gin.Context, log *slog.Logger, err error) {
	switch {
	case errors.Is(err, service.ErrInvalid):
		c.JSON(http.StatusBadRequest, errorBody{Error: "invalid_request", Message: err.Error()})
	case errors.Is(err, service.ErrNotFound):
		c.JSON(http.StatusNotFound, errorBody{Error: "not_found"})
	case errors.Is(err, service.ErrConflict):
		c.JSON(http.StatusConflict, errorBody{Error: "conflict", Message: err.Error()})
	case errors.Is(err, service.ErrPaymentDeclined):
		c.JSON(http.StatusPaymentRequired, errorBody{Error: "payment_declined", Message: err.Error()})
	default:
		log.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
		c.JSON(http.StatusInternalServerError, errorBody{Error: "internal"})
	}
}

func bindJSON(c *gin.Context, v any) bool {
	if err := c.ShouldBindJSON(v); err != nil {
		c.JSON(http.StatusBadRequest, errorBody{Error: "invalid_json", Message: err.Error()})
		return false
	}
	return true
}
