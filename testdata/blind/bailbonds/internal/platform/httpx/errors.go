// Package httpx holds the gin plumbing shared by every handler: error
// rendering, request identity and the Idempotency-Key replay middleware.
package httpx

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/keystonebail/bondline/internal/platform/apperr"
)

// ErrorBody is the JSON shape of every error response.
type ErrorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

// Fail renders err with the status its category maps to and stops the chain.
func Fail(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, apperr.ErrInvalid):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, apperr.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, apperr.ErrConflict):
		status = http.StatusConflict
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		slog.ErrorContext(c.Request.Context(), "request failed",
			"path", c.FullPath(), "err", err, "request_id", RequestID(c))
		msg = "internal error"
	}
	c.AbortWithStatusJSON(status, ErrorBody{Error: msg, RequestID: RequestID(c)})
}

// BadRequest renders a binding or parsing failure.
func BadRequest(c *gin.Context, err error) {
	c.AbortWithStatusJSON(http.StatusBadRequest, ErrorBody{Error: err.Error(), RequestID: RequestID(c)})
}

// ParseUUIDParam reads a path parameter as a UUID, rendering 400 when it is
// not one.
func ParseUUIDParam(c *gin.Context, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		BadRequest(c, errors.New(name+" must be a UUID"))
		return uuid.Nil, false
	}
	return id, true
}

const requestIDKey = "request_id"

// RequestIDMiddleware propagates X-Request-Id, minting one when absent, for
// log correlation.
func RequestIDMiddleware() gin.HandlerFunc {
	return func(c *gin.Context) {
		rid := c.GetHeader("X-Request-Id")
		if rid == "" {
			rid = uuid.NewString()
		}
		c.Set(requestIDKey, rid)
		c.Header("X-Request-Id", rid)
		c.Next()
	}
}

// RequestID returns the request's correlation id.
func RequestID(c *gin.Context) string {
	return c.GetString(requestIDKey)
}

// AgentID returns the back-office user the gateway authenticated.
func AgentID(c *gin.Context) string {
	if v := c.GetHeader("X-Agent-Id"); v != "" {
		return v
	}
	return "portal"
}
