// Package rest is the public JSON API and the provider webhooks.
package rest

import (
	"log/slog"
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/platform/ids"
	"github.com/encorelane/resale/internal/service"
	"github.com/encorelane/resale/internal/transport/httpx"
)

type Handlers struct {
	listings      service.ListingService
	checkout      service.CheckoutService
	disputes      service.DisputeService
	cashouts      service.CashoutService
	payments      service.PaymentEventService
	webhookSecret string
	log           *slog.Logger

	newListingID func() string
}

func NewHandlers(
	cfg *config.Config,
	listings service.ListingService,
	checkout service.CheckoutService,
	disputes service.DisputeService,
	cashouts service.CashoutService,
	payments service.PaymentEventService,
	log *slog.Logger,
) *Handlers {
	return &Handlers{
		listings:      listings,
		checkout:      checkout,
		disputes:      disputes,
		cashouts:      cashouts,
		payments:      payments,
		webhookSecret: cfg.Tillpoint.WebhookSecret,
		log:           log,
		newListingID:  func() string { return ids.Prefixed("lst") },
	}
}

// NewServer builds the echo instance with every route registered.
func NewServer(h *Handlers, log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.Use(middleware.Recover())
	e.Use(httpx.RequestContext(log))
	e.Use(middleware.BodyLimit("1M"))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusOK) })
	e.POST("/webhooks/tillpoint", h.tillpointWebhook)

	v1 := e.Group("/v1", httpx.RequireUser)
	v1.GET("/listings/:id", httpx.Handle(h.getListing))
	v1.POST("/listings", httpx.Handle(h.createListing, httpx.Status(http.StatusCreated)))
	v1.DELETE("/listings/:id", httpx.Handle(h.cancelListing, httpx.Status(http.StatusNoContent)))

	v1.POST("/orders", httpx.Handle(h.placeOrder, httpx.Status(http.StatusCreated), httpx.WithHeaders()))
	v1.POST("/orders/:id/pay", httpx.Handle(h.payOrder))
	v1.POST("/orders/:id/disputes", httpx.Handle(h.openDispute, httpx.Status(http.StatusCreated)))

	v1.POST("/sellers/me/cashouts", httpx.Handle(h.requestCashout, httpx.Status(http.StatusCreated)))
	return e
}
