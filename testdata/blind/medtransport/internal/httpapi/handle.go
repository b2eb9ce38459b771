// Package httpapi is the echo HTTP API used by the clinic portal, the
// driver app, back-office tools and inbound partner webhooks.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/carelift-health/nemt/internal/apperr"
)

type validator interface {
	Validate() error
}

// statusCoder lets a response choose its HTTP status.
type statusCoder interface {
	StatusCode() int
}

// handle adapts a typed service call to an echo handler: it binds the
// request (path params, query and JSON body), validates it, runs fn with the
// request's context and writes the response as JSON.
func handle[Req, Resp any](fn func(ctx context.Context, req Req) (Resp, error)) echo.HandlerFunc {
	return func(c echo.Context) error {
		var req Req
		if err := c.Bind(&req); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "malformed request")
		}
		if v, ok := any(&req).(validator); ok {
			if err := v.Validate(); err != nil {
				return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
			}
		}
		resp, err := fn(c.Request().Context(), req)
		if err != nil {
			return toHTTPError(err)
		}
		status := http.StatusOK
		if sc, ok := any(resp).(statusCoder); ok {
			status = sc.StatusCode()
		}
		return c.JSON(status, resp)
	}
}

func toHTTPError(err error) error {
	switch {
	case errors.Is(err, apperr.ErrNotFound):
		return echo.NewHTTPError(http.StatusNotFound, "not found")
	case errors.Is(err, apperr.ErrConflict):
		return echo.NewHTTPError(http.StatusConflict, err.Error())
	case errors.Is(err, apperr.ErrInvalid):
		return echo.NewHTTPError(http.StatusUnprocessableEntity, err.Error())
	case errors.Is(err, apperr.ErrForbidden):
		return echo.NewHTTPError(http.StatusForbidden, err.Error())
	case errors.Is(err, context.Canceled):
		return echo.NewHTTPError(499, "client closed request")
	}
	return err
}

type ctxKey int

const (
	principalKey ctxKey = iota
	loggerKey
)

// Principal is the caller as established by the API gateway, which
// authenticates clinic users and drivers and forwards their ids.
type Principal struct {
	ClinicID uuid.UUID
	DriverID uuid.UUID
	Staff    bool
}

func principalFrom(ctx context.Context) Principal {
	p, _ := ctx.Value(principalKey).(Principal)
	return p
}

// requestContext attaches the caller and a request-scoped logger to the
// request context. The request id only labels log lines and the response.
func requestContext(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			r := c.Request()
			reqID := r.Header.Get(echo.HeaderXRequestID)
			if reqID == "" {
				reqID = uuid.NewString()
			}
			c.Response().Header().Set(echo.HeaderXRequestID, reqID)

			var p Principal
			if id, err := uuid.Parse(r.Header.Get("X-Clinic-ID")); err == nil {
				p.ClinicID = id
			}
			if id, err := uuid.Parse(r.Header.Get("X-Driver-ID")); err == nil {
				p.DriverID = id
			}
			p.Staff = r.Header.Get("X-Staff-Role") != ""

			ctx := context.WithValue(r.Context(), principalKey, p)
			ctx = context.WithValue(ctx, loggerKey, log.With("request_id", reqID))
			c.SetRequest(r.WithContext(ctx))
			return next(c)
		}
	}
}

func loggerFrom(ctx context.Context) *slog.Logger {
	if l, ok := ctx.Value(loggerKey).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

func requireClinic(ctx context.Context) (uuid.UUID, error) {
	p := principalFrom(ctx)
	if p.ClinicID == uuid.Nil {
		return uuid.Nil, apperr.Forbidden("clinic credentials required")
	}
	return p.ClinicID, nil
}

func requireDriver(ctx context.Context) (uuid.UUID, error) {
	p := principalFrom(ctx)
	if p.DriverID == uuid.Nil {
		return uuid.Nil, apperr.Forbidden("driver credentials required")
	}
	return p.DriverID, nil
}
