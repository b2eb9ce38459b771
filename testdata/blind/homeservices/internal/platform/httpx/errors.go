package httpx

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/tradeloop/homeservices/internal/domain"
)

type badRequest struct{ err error }

func (b badRequest) Error() string { return b.err.Error() }
func (b badRequest) Unwrap() error { return b.err }

// BadRequest marks err as a client error.
func BadRequest(err error) error { return badRequest{err: err} }

type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

// WriteError maps domain errors to HTTP responses.
func WriteError(c *gin.Context, err error) {
	status, code := classify(err)
	if status >= 500 {
		slog.ErrorContext(c.Request.Context(), "request failed",
			"method", c.Request.Method, "path", c.FullPath(), "err", err)
		c.AbortWithStatusJSON(status, errorBody{Error: "internal error", Code: code})
		return
	}
	c.AbortWithStatusJSON(status, errorBody{Error: err.Error(), Code: code})
}

func classify(err error) (int, string) {
	var br badRequest
	switch {
	case errors.As(err, &br), errors.Is(err, domain.ErrInvalid):
		return http.StatusBadRequest, "invalid"
	case errors.Is(err, domain.ErrUnauthorized):
		return http.StatusUnauthorized, "unauthorized"
	case errors.Is(err, domain.ErrForbidden):
		return http.StatusForbidden, "forbidden"
	case errors.Is(err, domain.ErrNotFound):
		return http.StatusNotFound, "not_found"
	case errors.Is(err, domain.ErrConflict):
		return http.StatusConflict, "conflict"
	default:
		return http.StatusInternalServerError, "internal"
	}
}
