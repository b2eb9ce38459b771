// Package httpx adapts typed service methods to echo handlers. A handler is
// any func(context.Context, In) (Out, error); the adapter binds path
// parameters and the JSON body into In, runs optional validation, and
// renders Out or a mapped error.
package httpx

import (
	"context"
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/sealpoint-labs/notary/internal/apperr"
)

// Validator is implemented by request types that can check themselves.
type Validator interface {
	Validate() error
}

type config struct {
	status   int
	maxBytes int64
}

type Option func(*config)

// Status sets the success status code (default 200).
func Status(code int) Option { return func(c *config) { c.status = code } }

func resolve(opts []Option) config {
	cfg := config{status: http.StatusOK, maxBytes: 1 << 20}
	for _, o := range opts {
		o(&cfg)
	}
	return cfg
}

// Handle wraps fn as an echo.HandlerFunc.
func Handle[In, Out any](fn func(ctx context.Context, in In) (Out, error), opts ...Option) echo.HandlerFunc {
	cfg := resolve(opts)
	return func(c echo.Context) error {
		var in In
		if err := c.Bind(&in); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed request body")
		}
		if v, ok := any(&in).(Validator); ok {
			if err := v.Validate(); err != nil {
				return toHTTP(apperr.Invalid("%s", err.Error()))
			}
		}
		out, err := fn(c.Request().Context(), in)
		if err != nil {
			return toHTTP(err)
		}
		return c.JSON(cfg.status, out)
	}
}

// RawRequest is what webhook handlers receive: the untouched body (needed
// for signature verification) and the request headers.
type RawRequest struct {
	Body   []byte
	Header http.Header
}

// Webhook wraps a handler that needs the raw body. Providers treat any
// non-2xx as a failed delivery and retry it.
func Webhook(fn func(ctx context.Context, req RawRequest) error, opts ...Option) echo.HandlerFunc {
	cfg := resolve(opts)
	return func(c echo.Context) error {
		body, err := io.ReadAll(io.LimitReader(c.Request().Body, cfg.maxBytes))
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "unreadable body")
		}
		if err := fn(c.Request().Context(), RawRequest{Body: body, Header: c.Request().Header}); err != nil {
			return toHTTP(err)
		}
		return c.NoContent(http.StatusNoContent)
	}
}

func toHTTP(err error) error {
	var ae *apperr.Error
	msg := "internal error"
	if errors.As(err, &ae) {
		msg = ae.Message
	}
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		return echo.NewHTTPError(http.StatusNotFound, msg)
	case errors.Is(err, apperr.ErrConflict):
		return echo.NewHTTPError(http.StatusConflict, msg)
	case errors.Is(err, apperr.ErrInvalid):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, msg)
	case errors.Is(err, apperr.ErrForbidden):
		return echo.NewHTTPError(http.StatusForbidden, msg)
	case errors.Is(err, apperr.ErrUnauthorized):
		return echo.NewHTTPError(http.StatusUnauthorized, msg)
	case errors.Is(err, apperr.ErrUpstream):
		return echo.NewHTTPError(http.StatusBadGateway, msg).SetInternal(err)
	default:
		return echo.NewHTTPError(http.StatusInternalServerError, msg).SetInternal(err)
	}
}
