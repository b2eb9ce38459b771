// Package httpapi is the gin HTTP surface used by elevator staff tools,
// the member portal backend and provider webhooks.
package httpapi

import (
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/prairiegold/graincoop/internal/service"
)

type errorBody struct {
	Error     string `json:"error"`
	RequestID string `json:"request_id,omitempty"`
}

func fail(c *gin.Context, err error) {
	status := http.StatusInternalServerError
	switch {
	case errors.Is(err, service.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, service.ErrInvalid):
		status = http.StatusUnprocessableEntity
	case errors.Is(err, service.ErrConflict), errors.Is(err, service.ErrLimitReached):
		status = http.StatusConflict
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		slog.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
		msg = "internal error"
	}
	c.AbortWithStatusJSON(status, errorBody{Error: msg, RequestID: c.GetString(ctxRequestID)})
}

func badRequest(c *gin.Context, err error) {
	c.AbortWithStatusJSON(http.StatusBadRequest, errorBody{Error: err.Error(), RequestID: c.GetString(ctxRequestID)})
}

func int64Param(c *gin.Context, name string) (int64, bool) {
	v, err := strconv.ParseInt(c.Param(name), 10, 64)
	if err != nil || v <= 0 {
		badRequest(c, errors.New("invalid "+name))
		return 0, false
	}
	return v, true
}

func uuidParam(c *gin.Context, name string) (uuid.UUID, bool) {
	v, err := uuid.Parse(c.Param(name))
	if err != nil {
		badRequest(c, errors.New("invalid "+name))
		return uuid.Nil, false
	}
	return v, true
}

// bind decodes and validates the JSON body into T.
func bind[T any](c *gin.Context) (T, bool) {
	var in T
	if err := c.ShouldBindJSON(&in); err != nil {
		badRequest(c, err)
		return in, false
	}
	return in, true
}
