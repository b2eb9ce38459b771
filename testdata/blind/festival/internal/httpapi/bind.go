// Package httpapi is the public and back-office HTTP API of the cashless
// platform.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/loopgate/festival-cashless/internal/apperr"
)

// Validator is implemented by request types that check their own fields
// after binding.
type Validator interface {
	Validate() error
}

// Endpoint is a transport-independent handler: it receives the bound
// request and returns the response body.
type Endpoint[Req, Resp any] func(ctx context.Context, req *Req) (Resp, error)

type bindConfig struct {
	status  int
	headers bool
}

type BindOption func(*bindConfig)

// WithStatus sets the success status code (default 200).
func WithStatus(code int) BindOption {
	return func(c *bindConfig) { c.status = code }
}

// WithoutHeaders skips header binding for endpoints that read none.
func WithoutHeaders() BindOption {
	return func(c *bindConfig) { c.headers = false }
}

// Bind adapts an Endpoint to echo: it binds path parameters, the JSON body
// and (unless disabled) headers into Req, validates it, calls the endpoint
// and writes the JSON response.
func Bind[Req, Resp any](ep Endpoint[Req, Resp], opts ...BindOption) echo.HandlerFunc {
	cfg := bindConfig{status: http.StatusOK, headers: true}
	for _, o := range opts {
		o(&cfg)
	}
	binder := &echo.DefaultBinder{}
	return func(c echo.Context) error {
		var req Req
		if err := binder.Bind(&req, c); err != nil {
			return err
		}
		if cfg.headers {
			if err := binder.BindHeaders(c, &req); err != nil {
				return err
			}
		}
		if v, ok := any(&req).(Validator); ok {
			if err := v.Validate(); err != nil {
				return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
			}
		}
		resp, err := ep(c.Request().Context(), &req)
		if err != nil {
			return toHTTPError(c, err)
		}
		if cfg.status == http.StatusNoContent {
			return c.NoContent(http.StatusNoContent)
		}
		return c.JSON(cfg.status, resp)
	}
}

// Empty is the response of endpoints that return no body.
type Empty struct{}

func toHTTPError(c echo.Context, err error) error {
	var ae *apperr.Error
	if !errors.As(err, &ae) {
		slog.ErrorContext(c.Request().Context(), "request failed", "path", c.Path(), "err", err)
		return echo.NewHTTPError(http.StatusInternalServerError, "internal error").SetInternal(err)
	}
	status := http.StatusInternalServerError
	switch ae.Kind {
	case apperr.KindNotFound:
		status = http.StatusNotFound
	case apperr.KindConflict:
		status = http.StatusConflict
	case apperr.KindInvalid:
		status = http.StatusBadRequest
	case apperr.KindForbidden:
		status = http.StatusForbidden
	case apperr.KindUnprocessable:
		status = http.StatusUnprocessableEntity
	}
	return c.JSON(status, map[string]string{"error": ae.Code, "message": ae.Msg})
}
