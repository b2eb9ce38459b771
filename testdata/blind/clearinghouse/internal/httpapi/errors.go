package httpapi

import (
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/medbridge-health/clearinghouse/internal/platform/apperr"
)

type bindError struct{ err error }

func (b bindError) Error() string { return b.err.Error() }

func badRequest(err error) error { return bindError{err} }

type errorBody struct {
	Error string `json:"error"`
	Code  string `json:"code"`
}

func writeError(c *gin.Context, err error) {
	var be bindError
	if errors.As(err, &be) {
		c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: be.Error(), Code: "invalid_request"})
		return
	}
	status, code := http.StatusInternalServerError, "internal"
	switch apperr.KindOf(err) {
	case apperr.KindInvalid:
		status, code = http.StatusBadRequest, "invalid_request"
	case apperr.KindNotFound:
		status, code = http.StatusNotFound, "not_found"
	case apperr.KindConflict:
		status, code = http.StatusConflict, "conflict"
	case apperr.KindUnprocessable:
		status, code = http.StatusUnprocessableEntity, "unprocessable"
	case apperr.KindUpstream:
		status, code = http.StatusBadGateway, "upstream_error"
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		slog.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
		msg = "internal error"
	}
	c.AbortWithStatusJSON(status, errorBody{Error: msg, Code: code})
}
