// Package httpx adapts typed endpoint functions to echo handlers: binding,
// validation, error mapping and response encoding live here once.
package httpx

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"
)

// Endpoint is a typed handler. Req is bound from the path, query, headers
// and body; Resp is written as JSON.
type Endpoint[Req any, Resp any] func(ctx context.Context, req Req) (Resp, error)

// Validator is implemented by request types that check themselves after
// binding.
type Validator interface {
	Validate() error
}

type settings struct {
	status      int
	bindHeaders bool
}

type Option func(*settings)

// Status sets the success status code (200 by default).
func Status(code int) Option { return func(s *settings) { s.status = code } }

// WithHeaders also binds `header:"..."` tagged fields.
func WithHeaders() Option { return func(s *settings) { s.bindHeaders = true } }

var binder = &echo.DefaultBinder{}

// Handle turns ep into an echo.HandlerFunc.
func Handle[Req any, Resp any](ep Endpoint[Req, Resp], opts ...Option) echo.HandlerFunc {
	cfg := settings{status: http.StatusOK}
	for _, o := range opts {
		o(&cfg)
	}
	return func(c echo.Context) error {
		var req Req
		if err := binder.Bind(&req, c); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, err.Error())
		}
		if cfg.bindHeaders {
			if err := binder.BindHeaders(c, &req); err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, err.Error())
			}
		}
		if v, ok := any(&req).(Validator); ok {
			if err := v.Validate(); err != nil {
				return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
			}
		}
		resp, err := ep(c.Request().Context(), req)
		if err != nil {
			return toHTTPError(err)
		}
		if cfg.status == http.StatusNoContent {
			return c.NoContent(http.StatusNoContent)
		}
		return c.JSON(cfg.status, resp)
	}
}

// Empty is the response type of endpoints with no body.
type Empty struct{}

func toHTTPError(err error) error {
	var he *echo.HTTPError
	if errors.As(err, &he) {
		return he
	}
	status, ok := statusFor(err)
	if !ok {
		return err // logged and rendered as 500 by echo's error handler
	}
	return echo.NewHTTPError(status, err.Error()).SetInternal(err)
}
