// Package httpapi is the public REST API served with gin.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/terravault/carbonreg/internal/service"
)

// validator is implemented by request types that check themselves after
// binding.
type validator interface {
	Validate() error
}

// ginBinder is implemented by request types that need the raw gin context
// (for example to read an unparsed body for signature checks).
type ginBinder interface {
	BindGin(c *gin.Context) error
}

// statusCoder lets a response choose its HTTP status.
type statusCoder interface {
	StatusCode() int
}

// handle adapts a typed use-case function to a gin handler. Path parameters
// bind from `uri` tags, headers from `header` tags and the body from `json`
// tags.
func handle[Req, Resp any](fn func(context.Context, Req) (Resp, error)) gin.HandlerFunc {
	return func(c *gin.Context) {
		var req Req
		if b, ok := any(&req).(ginBinder); ok {
			if err := b.BindGin(c); err != nil {
				writeError(c, &service.Error{Kind: service.ErrInvalid, Msg: err.Error()})
				return
			}
		} else if err := bind(c, &req); err != nil {
			writeError(c, &service.Error{Kind: service.ErrInvalid, Msg: err.Error()})
			return
		}
		if v, ok := any(&req).(validator); ok {
			if err := v.Validate(); err != nil {
				writeError(c, &service.Error{Kind: service.ErrInvalid, Msg: err.Error()})
				return
			}
		}
		resp, err := fn(c.Request.Context(), req)
		if err != nil {
			writeError(c, err)
			return
		}
		status := http.StatusOK
		if sc, ok := any(resp).(statusCoder); ok {
			status = sc.StatusCode()
		}
		c.JSON(status, resp)
	}
}

func bind(c *gin.Context, req any) error {
	if len(c.Params) > 0 {
		if err := c.ShouldBindUri(req); err != nil {
			return err
		}
	}
	if err := c.ShouldBindHeader(req); err != nil {
		return err
	}
	if c.Request.ContentLength != 0 && c.Request.Body != nil && c.Request.Body != http.NoBody {
		if err := c.ShouldBindJSON(req); err != nil {
			return err
		}
	}
	return nil
}

type errorBody struct {
	Error     string `json:"error"`
	Code      string `json:"code"`
	RequestID string `json:"request_id,omitempty"`
}

func writeError(c *gin.Context, err error) {
	status, code := http.StatusInternalServerError, "internal"
	switch {
	case errors.Is(err, service.ErrInvalid):
		status, code = http.StatusBadRequest, "invalid_request"
	case errors.Is(err, service.ErrNotFound):
		status, code = http.StatusNotFound, "not_found"
	case errors.Is(err, service.ErrConflict):
		status, code = http.StatusConflict, "conflict"
	case errors.Is(err, service.ErrState):
		status, code = http.StatusUnprocessableEntity, "invalid_state"
	case errors.Is(err, service.ErrInsufficient):
		status, code = http.StatusUnprocessableEntity, "insufficient_credits"
	}
	msg := err.Error()
	if status == http.StatusInternalServerError {
		slog.ErrorContext(c.Request.Context(), "request failed", "path", c.FullPath(), "err", err)
		msg = "internal error"
	}
	c.AbortWithStatusJSON(status, errorBody{Error: msg, Code: code, RequestID: c.GetString(requestIDKey)})
}
