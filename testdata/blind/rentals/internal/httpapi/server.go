// Package httpapi is the public HTTP API and the partner webhooks.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"go.uber.org/dig"

	"github.com/gearloop/rentals/internal/config"
	"github.com/gearloop/rentals/internal/ids"
)

const (
	ctxUserID    = "user_id"
	ctxUserRole  = "user_role"
	ctxRequestID = "request_id"
)

// Handlers collects every handler group for the router.
type Handlers struct {
	dig.In

	Listings   *ListingHandlers
	Bookings   *BookingHandlers
	Deposits   *DepositHandlers
	Claims     *ClaimHandlers
	Messages   *MessageHandlers
	Identity   *IdentityHandlers
	Deliveries *DeliveryHandlers
	Payouts    *PayoutHandlers
	Webhooks   *WebhookHandlers
}

// Server is the echo server.
type Server struct {
	e    *echo.Echo
	addr string
}

// NewServer builds the router.
func NewServer(cfg *config.Config, log *slog.Logger, h Handlers) *Server {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = newErrorHandler(log)
	e.Use(middleware.Recover())
	e.Use(requestID)
	e.Use(middleware.BodyLimit("2M"))
	e.Use(middleware.ContextTimeout(25 * time.Second))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusNoContent) })

	api := e.Group("/v1", authenticate)
	api.POST("/listings", h.Listings.Create)
	api.POST("/listings/:id/holds", h.Listings.PlaceHolds)
	api.POST("/booking-requests", h.Bookings.Request)
	api.POST("/bookings/:id/confirm", h.Bookings.Confirm)
	api.POST("/bookings/:id/cancel", h.Bookings.Cancel)
	api.POST("/bookings/:id/delivery", h.Deliveries.Schedule)
	api.POST("/deposits/:id/captures", h.Deposits.Capture)
	api.POST("/claims", h.Claims.File)
	api.POST("/threads/:id/messages", h.Messages.Send)
	api.POST("/me/verification", h.Identity.Start)
	api.POST("/me/payout-account", h.Payouts.CreateAccount)

	admin := e.Group("/v1/admin", authenticate, requireRole("trust_safety"))
	admin.POST("/claims/:id/resolve", h.Claims.Resolve)

	hooks := e.Group("/webhooks")
	hooks.POST("/stripe", h.Webhooks.Stripe)
	hooks.POST("/courier", h.Webhooks.Courier)
	hooks.POST("/kyc", h.Webhooks.KYC)

	return &Server{e: e, addr: cfg.HTTPAddr}
}

// Start serves until ctx is cancelled, then shuts down gracefully.
func (s *Server) Start(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.e.Start(s.addr) }()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		return s.e.Shutdown(shutdownCtx)
	}
}

// requestID tags each request for logs and error bodies.
func requestID(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		rid := c.Request().Header.Get(echo.HeaderXRequestID)
		if rid == "" {
			rid = ids.NewUUID()
		}
		c.Set(ctxRequestID, rid)
		c.Response().Header().Set(echo.HeaderXRequestID, rid)
		return next(c)
	}
}

// authenticate trusts the identity headers set by the API gateway after it
// has validated the session token.
func authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		uid := c.Request().Header.Get("X-Authenticated-User")
		if uid == "" {
			return echo.NewHTTPError(http.StatusUnauthorized, "authentication required")
		}
		c.Set(ctxUserID, uid)
		c.Set(ctxUserRole, c.Request().Header.Get("X-Authenticated-Role"))
		return next(c)
	}
}

func requireRole(role string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			if r, _ := c.Get(ctxUserRole).(string); r != role {
				return echo.NewHTTPError(http.StatusForbidden, "insufficient role")
			}
			return next(c)
		}
	}
}
