// Package httpx is our thin layer over gin: handlers return a status, a
// body and an error, and the adapter does the writing and error mapping.
package httpx

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Handler is what route code implements.
type Handler func(c *gin.Context) (int, any, error)

// StatusError lets domain errors choose their HTTP status without this
// package importing them.
type StatusError interface {
	error
	HTTPStatus() int
}

// Wrap adapts a Handler to gin.
func Wrap(h Handler) gin.HandlerFunc {
	return func(c *gin.Context) {
		status, body, err := h(c)
		if err != nil {
			writeError(c, err)
			return
		}
		if body == nil {
			c.Status(status)
			return
		}
		c.JSON(status, body)
	}
}

func writeError(c *gin.Context, err error) {
	var se StatusError
	status := http.StatusInternalServerError
	msg := "internal error"
	switch {
	case errors.As(err, &se):
		status = se.HTTPStatus()
		msg = se.Error()
	case errors.Is(err, errBadRequest):
		status = http.StatusBadRequest
		msg = err.Error()
	}
	if status >= 500 {
		slog.ErrorContext(c.Request.Context(), "request failed",
			"path", c.FullPath(), "err", err)
	}
	c.AbortWithStatusJSON(status, gin.H{"error": msg})
}

var errBadRequest = errors.New("bad request")

// Bind decodes the JSON body into a T and runs gin's validation.
func Bind[T any](c *gin.Context) (T, error) {
	var v T
	if err := c.ShouldBindJSON(&v); err != nil {
		return v, errors.Join(errBadRequest, err)
	}
	return v, nil
}

// StudentID returns the authenticated student, set by the gateway.
func StudentID(c *gin.Context) string {
	return c.GetHeader("X-Student-ID")
}

// StaffID returns the authenticated staff member at a grading station.
func StaffID(c *gin.Context) string {
	return c.GetHeader("X-Staff-ID")
}

// RequireHeader rejects requests missing a header the route needs.
func RequireHeader(name string) gin.HandlerFunc {
	return func(c *gin.Context) {
		if c.GetHeader(name) == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, gin.H{"error": "missing " + name})
			return
		}
		c.Next()
	}
}
