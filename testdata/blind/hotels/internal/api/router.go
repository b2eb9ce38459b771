package api

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/harbourline/hotels/internal/platform/httpx"
	"github.com/harbourline/hotels/internal/webhooks"
)

// Handlers groups every handler the HTTP server mounts.
type Handlers struct {
	Reservations *ReservationsAPI
	Payments     *PaymentsAPI
	Inventory    *InventoryAPI
	Folios       *FoliosAPI
	Messages     *MessagesAPI
	OTA          *webhooks.OTAWebhooks
	Stripe       *webhooks.StripeWebhook
}

// WebhookSecrets are the per-channel HMAC secrets of OTA webhooks.
type WebhookSecrets map[string]string

// NewServer builds the echo instance with every route.
func NewServer(h Handlers, secrets WebhookSecrets) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.Use(middleware.Recover())
	e.Use(middleware.RequestID())
	e.Use(middleware.BodyLimit("1M"))

	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(http.StatusOK) })

	v1 := e.Group("/v1")
	v1.POST("/reservations", httpx.Handle(h.Reservations.Create))
	v1.GET("/reservations/:id", httpx.Handle(h.Reservations.Get))
	v1.POST("/reservations/:id/relocate", httpx.Handle(h.Reservations.Relocate))
	v1.POST("/reservations/:id/preauth", httpx.Handle(h.Payments.Preauthorise))
	v1.POST("/reservations/:id/capture", httpx.Handle(h.Payments.Capture))
	v1.POST("/reservations/:id/refunds", httpx.Handle(h.Payments.Refund))
	v1.POST("/reservations/:id/sms", httpx.Handle(h.Messages.SendSMS))
	v1.PUT("/properties/:pid/rates", httpx.Handle(h.Inventory.SetRates))
	v1.POST("/properties/:pid/inventory/adjust", httpx.Handle(h.Inventory.Adjust))
	v1.POST("/folios/:id/charges", httpx.Handle(h.Folios.PostCharge))

	ota := e.Group("/webhooks/ota/:channel", webhooks.VerifyOTASignature(secrets))
	ota.POST("/reservations", httpx.Handle(h.OTA.NewReservation))
	ota.POST("/modifications", httpx.Handle(h.OTA.Modification))
	ota.POST("/cancellations", httpx.Handle(h.OTA.Cancellation))
	ota.POST("/messages", httpx.Handle(h.OTA.GuestMessage))

	e.POST("/webhooks/stripe", h.Stripe.Handle)
	return e
}
