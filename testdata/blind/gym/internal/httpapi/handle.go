// Package httpapi is the public member/trainer API served with echo.
package httpapi

import (
	"context"
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/pulsefit/memberships/internal/apperr"
)

// Validator is implemented by request types that check their own fields.
type Validator interface {
	Validate() error
}

// Created marks a response that should be sent with 201.
type Created interface {
	Created() bool
}

// Handle adapts a typed function to an echo handler: it binds path, query,
// header and body fields into Req, validates, calls fn and renders Resp.
func Handle[Req, Resp any](fn func(ctx context.Context, req Req) (Resp, error)) echo.HandlerFunc {
	binder := &echo.DefaultBinder{}
	return func(c echo.Context) error {
		var req Req
		if err := binder.BindHeaders(c, &req); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, err.Error())
		}
		if err := c.Bind(&req); err != nil {
			return err
		}
		if v, ok := any(&req).(Validator); ok {
			if err := v.Validate(); err != nil {
				return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
			}
		}
		resp, err := fn(c.Request().Context(), req)
		if err != nil {
			return toHTTPError(err)
		}
		status := http.StatusOK
		if cr, ok := any(resp).(Created); ok && cr.Created() {
			status = http.StatusCreated
		}
		return c.JSON(status, resp)
	}
}

// Empty is the response of handlers with nothing to say.
type Empty struct{}

func toHTTPError(err error) error {
	var he *echo.HTTPError
	switch {
	case errors.As(err, &he):
		return he
	case errors.Is(err, apperr.ErrNotFound):
		return echo.NewHTTPError(http.StatusNotFound, err.Error())
	case errors.Is(err, apperr.ErrConflict):
		return echo.NewHTTPError(http.StatusConflict, err.Error())
	case errors.Is(err, apperr.ErrInvalid):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	case errors.Is(err, apperr.ErrForbidden):
		return echo.NewHTTPError(http.StatusForbidden, err.Error())
	case errors.Is(err, apperr.ErrPaymentFailed):
		return echo.NewHTTPError(http.StatusPaymentRequired, err.Error())
	case errors.Is(err, apperr.ErrUnavailable):
		return echo.NewHTTPError(http.StatusServiceUnavailable, err.Error())
	default:
		return echo.NewHTTPError(http.StatusInternalServerError, "internal error").SetInternal(err)
	}
}
