package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablewise/reservations/internal/ids"
)

const (
	headerRequestID     = "X-Request-ID"
	headerPrincipalKind = "X-Principal-Kind"
	headerPrincipalID   = "X-Principal-ID"

	ctxPrincipal = "principal"
	ctxLogger    = "logger"
)

// Principal is the authenticated caller, as asserted by the edge gateway.
type Principal struct {
	Kind string // "diner", "restaurant", "admin"
	ID   string
}

// requestLogger tags each request with an ID for log correlation and logs
// the outcome.
func requestLogger(base *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			rid := c.Request().Header.Get(headerRequestID)
			if rid == "" {
				rid = ids.RequestID()
			}
			c.Response().Header().Set(headerRequestID, rid)
			log := base.With("request_id", rid, "method", c.Request().Method, "path", c.Path())
			c.Set(ctxLogger, log)

			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			log.Info("http request",
				"status", c.Response().Status,
				"duration_ms", time.Since(start).Milliseconds())
			return nil
		}
	}
}

func loggerFrom(c echo.Context) *slog.Logger {
	if l, ok := c.Get(ctxLogger).(*slog.Logger); ok {
		return l
	}
	return slog.Default()
}

// authenticate reads the principal headers injected by the gateway.
func authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		p := Principal{
			Kind: c.Request().Header.Get(headerPrincipalKind),
			ID:   c.Request().Header.Get(headerPrincipalID),
		}
		if p.Kind == "" || p.ID == "" {
			return echo.NewHTTPError(http.StatusUnauthorized, "missing principal")
		}
		c.Set(ctxPrincipal, p)
		return next(c)
	}
}

func principal(c echo.Context) Principal {
	p, _ := c.Get(ctxPrincipal).(Principal)
	return p
}

// requireKind restricts a group to one principal kind.
func requireKind(kind string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if principal(c).Kind != kind {
				return echo.NewHTTPError(http.StatusForbidden, "forbidden")
			}
			return next(c)
		}
	}
}

// requireRestaurantStaff checks the :rid path parameter against the
// principal's restaurant.
func requireRestaurantStaff(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		p := principal(c)
		if p.Kind != "restaurant" || p.ID != c.Param("rid") {
			return echo.NewHTTPError(http.StatusForbidden, "forbidden")
		}
		return next(c)
	}
}
