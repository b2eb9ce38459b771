// Package httpapi is the public HTTP API, served with echo.
package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// Handlers bundles everything the router needs; cmd/api builds it via dig.
type Handlers struct {
	Bookings    *BookingHandler
	Restaurants *RestaurantHandler
	Waitlist    *WaitlistHandler
	Payouts     *PayoutHandler
	Stripe      *StripeWebhookHandler
	SMS         *SMSWebhookHandler
}

// NewServer builds the echo instance and registers all routes.
func NewServer(h Handlers, log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler

	e.Use(middleware.Recover())
	e.Use(requestLogger(log))

	e.GET("/healthz", func(c echo.Context) error { return c.String(http.StatusOK, "ok") })

	// Provider webhooks authenticate by signature.
	e.POST("/webhooks/stripe", h.Stripe.Handle)
	e.POST("/webhooks/sms", h.SMS.Handle)

	// SMS deep link for waitlist offers.
	e.POST("/v1/waitlist/offers/:offerId/accept", h.Waitlist.AcceptOffer)

	v1 := e.Group("/v1", authenticate)

	diner := v1.Group("", requireKind("diner"))
	diner.POST("/bookings", h.Bookings.Create)
	diner.GET("/bookings/:id", h.Bookings.Get)
	diner.POST("/bookings/:id/deposit", h.Bookings.PayDeposit)
	diner.POST("/bookings/:id/cancel", h.Bookings.Cancel)
	diner.POST("/restaurants/:rid/waitlist", h.Waitlist.Join)

	staff := v1.Group("/restaurants/:rid", requireRestaurantStaff)
	staff.POST("/bookings/:id/confirm", h.Restaurants.Confirm)
	staff.POST("/bookings/:id/cancel", h.Restaurants.Cancel)
	staff.PUT("/slots", h.Restaurants.PublishSlots)
	staff.POST("/payout-account", h.Restaurants.CreatePayoutAccount)
	staff.POST("/waitlist/:entryId/offers", h.Waitlist.SendOffer)

	admin := v1.Group("/admin", requireKind("admin"))
	admin.POST("/restaurants/:rid/payout-adjustments", h.Payouts.AddAdjustment)

	return e
}
