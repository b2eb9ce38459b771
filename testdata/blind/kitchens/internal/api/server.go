// Package api is the public HTTP API, served with echo.
package api

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/hearthkit/commissary/internal/domain"
)

// Handlers groups the route handlers; wire builds it.
type Handlers struct {
	Bookings *BookingHandler
	Deposits *DepositHandler
	Kitchens *KitchenHandler
	Cleaning *CleaningHandler
	Hosts    *HostHandler
	Webhooks *WebhookHandler
}

// Server is the configured echo instance.
type Server struct {
	Echo *echo.Echo
	addr string
}

// NewServer builds the echo app with middleware and routes.
func NewServer(addr string, h *Handlers, log *slog.Logger, gatherer prometheus.Gatherer) *Server {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(log)
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("25M"))
	e.Use(requestLogger(log))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })
	e.GET("/metrics", echo.WrapHandler(promhttp.HandlerFor(gatherer, promhttp.HandlerOpts{})))

	v1 := e.Group("/v1")
	v1.POST("/webhooks/payments", h.Webhooks.Payments)

	authed := v1.Group("", requirePrincipal)
	authed.POST("/bookings", h.Bookings.Create)
	authed.POST("/bookings/:id/cancel", h.Bookings.Cancel)
	authed.POST("/bookings/:id/checkout", h.Bookings.Checkout)
	authed.POST("/bookings/:id/extend", h.Bookings.Extend)
	authed.POST("/bookings/:id/damage-claims", h.Deposits.FileDamageClaim)
	authed.POST("/deposits/:id/release", h.Deposits.Release)
	authed.POST("/kitchens/:id/inspections", h.Kitchens.UploadInspection)
	authed.POST("/kitchens/:id/deep-cleans", h.Cleaning.RequestDeepClean)
	authed.PUT("/hosts/:id/payout-account", h.Hosts.SetPayoutAccount)

	return &Server{Echo: e, addr: addr}
}

// Run serves until ctx is cancelled, then shuts down gracefully.
func (s *Server) Run(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.Echo.Start(s.addr) }()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		return s.Echo.Shutdown(shutdownCtx)
	}
}

type errorBody struct {
	Error   string `json:"error"`
	Field   string `json:"field,omitempty"`
	Request string `json:"request_id,omitempty"`
}

func errorHandler(log *slog.Logger) echo.HTTPErrorHandler {
	return func(err error, c echo.Context) {
		if c.Response().Committed {
			return
		}
		status := http.StatusInternalServerError
		body := errorBody{Error: "internal error", Request: c.Response().Header().Get(echo.HeaderXRequestID)}
		var he *echo.HTTPError
		var ve *domain.ValidationError
		switch {
		case errors.As(err, &he):
			status = he.Code
			if m, ok := he.Message.(string); ok {
				body.Error = m
			} else {
				body.Error = http.StatusText(status)
			}
		case errors.As(err, &ve):
			status, body.Error, body.Field = http.StatusUnprocessableEntity, ve.Reason, ve.Field
		case errors.Is(err, domain.ErrNotFound):
			status, body.Error = http.StatusNotFound, "not found"
		case errors.Is(err, domain.ErrSlotUnavailable):
			status, body.Error = http.StatusConflict, "kitchen is already booked for that time"
		case errors.Is(err, domain.ErrAlreadyCancelled):
			status, body.Error = http.StatusConflict, "booking already cancelled"
		case errors.Is(err, domain.ErrInvalidTransition), errors.Is(err, domain.ErrConflict):
			status, body.Error = http.StatusConflict, err.Error()
		case errors.Is(err, domain.ErrClaimWindowClosed):
			status, body.Error = http.StatusUnprocessableEntity, "damage claim window has closed"
		}
		if status >= 500 {
			log.ErrorContext(c.Request().Context(), "request failed", "err", err, "path", c.Path())
		}
		if c.Request().Method == http.MethodHead {
			_ = c.NoContent(status)
			return
		}
		_ = c.JSON(status, body)
	}
}

func requestLogger(log *slog.Logger) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			start := time.Now()
			err := next(c)
			if err != nil {
				c.Error(err)
			}
			log.InfoContext(c.Request().Context(), "http",
				"method", c.Request().Method,
				"route", c.Path(),
				"status", c.Response().Status,
				"dur_ms", time.Since(start).Milliseconds(),
				"request_id", c.Response().Header().Get(echo.HeaderXRequestID))
			return nil
		}
	}
}

// The API sits behind the edge gateway, which authenticates the caller
// and forwards the subject and role as headers.
const (
	headerSubject = "X-Auth-Subject"
	headerRole    = "X-Auth-Role"
	headerEmail   = "X-Auth-Email"
	headerName    = "X-Auth-Name"

	headerIdempotencyKey = "Idempotency-Key"
)

// Principal is the authenticated caller.
type Principal struct {
	ID    string
	Role  string
	Email string
	Name  string
}

const principalKey = "principal"

func requirePrincipal(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		h := c.Request().Header
		p := Principal{ID: h.Get(headerSubject), Role: h.Get(headerRole), Email: h.Get(headerEmail), Name: h.Get(headerName)}
		if p.ID == "" || (p.Role != "renter" && p.Role != "host" && p.Role != "ops") {
			return echo.NewHTTPError(http.StatusUnauthorized, "missing or invalid caller identity")
		}
		c.Set(principalKey, p)
		return next(c)
	}
}

func principal(c echo.Context) Principal {
	p, _ := c.Get(principalKey).(Principal)
	return p
}

func requireRole(c echo.Context, roles ...string) error {
	p := principal(c)
	for _, r := range roles {
		if p.Role == r {
			return nil
		}
	}
	return echo.NewHTTPError(http.StatusForbidden, "not allowed for role "+p.Role)
}

func idempotencyKey(c echo.Context) string {
	return c.Request().Header.Get(headerIdempotencyKey)
}
