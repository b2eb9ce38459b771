// Package httpapi exposes the public API (gin) and the internal admin API
// (chi).
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/acme/fleet/internal/domain"
	"github.com/acme/fleet/internal/provider/payments"
)

// validator is implemented by request types that check themselves.
type validator interface {
	Validate() error
}

// Handle turns a typed handler into a gin.HandlerFunc. The request value
// is bound from the path (uri tags), headers (header tags) and the JSON
// body, in that order; the handler's result is written as JSON with the
// given status.
func Handle[T any](status int, fn func(c *gin.Context, in T) (any, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		var in T
		if err := bind(c, &in); err != nil {
			c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
			return
		}
		if v, ok := any(&in).(validator); ok {
			if err := v.Validate(); err != nil {
				c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
				return
			}
		}
		out, err := fn(c, in)
		if err != nil {
			writeError(c, err)
			return
		}
		c.JSON(status, out)
	}
}

func bind(c *gin.Context, dst any) error {
	if len(c.Params) > 0 {
		if err := c.ShouldBindUri(dst); err != nil {
			return err
		}
	}
	if err := c.ShouldBindHeader(dst); err != nil {
		return err
	}
	if c.Request.ContentLength != 0 {
		if err := c.ShouldBindJSON(dst); err != nil {
			return err
		}
	}
	return nil
}

func statusFor(err error) int {
	switch {
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound
	case errors.Is(err, domain.ErrInvalidInput):
		return http.StatusUnprocessableEntity
	case errors.Is(err, domain.ErrInvalidState):
		return http.StatusConflict
	case errors.Is(err, domain.ErrForbidden):
		return http.StatusForbidden
	case errors.Is(err, payments.ErrDeclined):
		return http.StatusPaymentRequired
	default:
		return http.StatusInternalServerError
	}
}

func writeError(c *gin.Context, err error) {
	status := statusFor(err)
	msg := err.Error()
	if status == http.StatusInternalServerError {
		slog.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
		msg = "internal error"
	}
	c.AbortWithStatusJSON(status, gin.H{"error": msg})
}
