package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
)

// Handlers groups every handler the router mounts.
type Handlers struct {
	Holds    *HoldHandler
	Bookings *BookingHandler
	Loyalty  *LoyaltyHandler
	SeatMaps *SeatMapHandler
	Webhooks *WebhookHandler
	OpsToken string
	Log      *slog.Logger
}

// NewRouter builds the gin engine.
func NewRouter(h Handlers) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), RequestID(), AccessLog(h.Log))

	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusOK) })

	v1 := r.Group("/v1")
	{
		v1.POST("/holds", RequireIdempotencyKey(), h.Holds.Create)

		v1.POST("/bookings", RequireIdempotencyKey(), h.Bookings.Create)
		v1.GET("/bookings/:id", h.Bookings.Get)
		v1.POST("/bookings/:id/cancel", h.Bookings.Cancel)
		v1.POST("/bookings/:id/refunds", StaffOnly(h.OpsToken), RequireIdempotencyKey(), h.Bookings.Refund)
		v1.POST("/bookings/:id/tickets/resend", RequireIdempotencyKey(), h.Bookings.ResendTickets)

		v1.POST("/loyalty/redemptions", h.Loyalty.Redeem)

		v1.POST("/trips/:id/seatmap/changes", StaffOnly(h.OpsToken), h.SeatMaps.Apply)
	}

	hooks := r.Group("")
	{
		hooks.POST("/webhooks/stripe", h.Webhooks.Stripe)
		hooks.POST("/partners/ticketing/callback", h.Webhooks.TicketIssued)
	}
	return r
}
