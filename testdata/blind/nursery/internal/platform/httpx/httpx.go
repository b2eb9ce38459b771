// Package httpx has the small pieces shared by every gin handler: error
// mapping, path parameter parsing and the request-scoped logger.
package httpx

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/acornlane-childcare/nursery/internal/platform/apperr"
)

// Fail writes err as a JSON problem with a status derived from its kind.
func Fail(c *gin.Context, logger *slog.Logger, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, apperr.ErrConflict):
		status = http.StatusConflict
	case errors.Is(err, apperr.ErrInvalid):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, apperr.ErrNoCapacity):
		status = http.StatusConflict
	}
	if status == http.StatusInternalServerError {
		logger.ErrorContext(c.Request.Context(), "request failed",
			"err", err, "path", c.FullPath(), "method", c.Request.Method)
		c.JSON(status, gin.H{"error": "internal error"})
		return
	}
	c.JSON(status, gin.H{"error": err.Error()})
}

// BadRequest writes a 400 for a binding or parse error.
func BadRequest(c *gin.Context, err error) {
	c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
}

// UUIDParam parses the named path parameter; it writes a 400 and returns
// false when the value is not a UUID.
func UUIDParam(c *gin.Context, name string) (uuid.UUID, bool) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": "invalid " + name})
		return uuid.Nil, false
	}
	return id, true
}

// Actor is the staff member or parent account making the request, set by the
// auth middleware in front of the API.
func Actor(c *gin.Context) string {
	if v := c.GetHeader("X-Authenticated-User"); v != "" {
		return v
	}
	return "unknown"
}
