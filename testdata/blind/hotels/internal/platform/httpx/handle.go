// Package httpx adapts typed service functions to echo handlers.
package httpx

import (
	"context"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/harbourline/hotels/internal/platform/logx"
)

// Validator is implemented by request types that check themselves.
type Validator interface {
	Validate() error
}

// StatusCoder lets a response choose its HTTP status.
type StatusCoder interface {
	StatusCode() int
}

var binder = &echo.DefaultBinder{}

// Handle binds path parameters, headers and the JSON body into Req, calls fn
// and writes Resp as JSON.
func Handle[Req, Resp any](fn func(ctx context.Context, req Req) (Resp, error)) echo.HandlerFunc {
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
		ctx := logx.With(c.Request().Context(),
			"request_id", c.Response().Header().Get(echo.HeaderXRequestID),
			"route", c.Path())
		resp, err := fn(ctx, req)
		if err != nil {
			return toHTTPError(err)
		}
		status := http.StatusOK
		if sc, ok := any(resp).(StatusCoder); ok {
			status = sc.StatusCode()
		}
		if status == http.StatusNoContent {
			return c.NoContent(status)
		}
		return c.JSON(status, resp)
	}
}

// Empty is used as Resp by handlers that only acknowledge.
type Empty struct{}

// StatusCode implements StatusCoder.
func (Empty) StatusCode() int { return http.StatusNoContent }

// Accepted acknowledges a webhook or an asynchronous request.
type Accepted struct {
	Status string `json:"status"`
}

// StatusCode implements StatusCoder.
func (Accepted) StatusCode() int { return http.StatusAccepted }
