package httpapi

import (
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/service"
)

const (
	riderKey = "rider_id"
	opsKey   = "ops_user"
)

// riderAuth trusts the X-Rider-ID header set by the API gateway after it
// has validated the rider's session token.
func riderAuth(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := uuid.Parse(c.Request().Header.Get("X-Rider-ID"))
		if err != nil {
			return echo.NewHTTPError(http.StatusUnauthorized, "missing rider identity")
		}
		c.Set(riderKey, id)
		return next(c)
	}
}

func opsAuth(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		user := c.Request().Header.Get("X-Ops-User")
		if user == "" {
			return echo.NewHTTPError(http.StatusUnauthorized, "missing ops identity")
		}
		c.Set(opsKey, user)
		return next(c)
	}
}

func riderID(c echo.Context) uuid.UUID {
	id, _ := c.Get(riderKey).(uuid.UUID)
	return id
}

func opsUser(c echo.Context) string {
	u, _ := c.Get(opsKey).(string)
	return u
}

func idempotencyKey(c echo.Context) string {
	return c.Request().Header.Get("Idempotency-Key")
}

func pathUUID(c echo.Context, name string) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param(name))
	if err != nil {
		return uuid.Nil, echo.NewHTTPError(http.StatusBadRequest, name+" must be a uuid")
	}
	return id, nil
}

func requestLogger(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			log.Info("http request",
				"method", c.Request().Method,
				"path", c.Path(),
				"status", c.Response().Status,
				"duration_ms", time.Since(start).Milliseconds(),
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID),
			)
			return nil
		}
	}
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status := http.StatusInternalServerError
		msg := "internal error"
		var he *echo.HTTPError
		switch {
		case errors.As(err, &he):
			status = he.Code
			if m, ok := he.Message.(string); ok {
				msg = m
			}
		case errors.Is(err, repository.ErrNotFound), errors.Is(err, service.ErrNotFound):
			status, msg = http.StatusNotFound, "not found"
		case errors.Is(err, service.ErrForbidden):
			status, msg = http.StatusForbidden, "forbidden"
		case errors.Is(err, service.ErrInvalid):
			status, msg = http.StatusBadRequest, err.Error()
		case errors.Is(err, service.ErrConflict), errors.Is(err, service.ErrIdempotencyMismatch):
			status, msg = http.StatusConflict, err.Error()
		case errors.Is(err, service.ErrPaymentDeclined), errors.Is(err, service.ErrInsufficientFunds):
			status, msg = http.StatusPaymentRequired, err.Error()
		default:
			log.Error("unhandled error", "path", c.Path(), "err", err)
		}
		_ = c.JSON(status, map[string]string{"error": msg})
	}
}
