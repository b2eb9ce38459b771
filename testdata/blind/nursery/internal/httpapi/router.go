// Package httpapi is the gin HTTP API used by the parent portal and app,
// the back office, the room tablets and the payments partner's webhooks.
package httpapi

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/platform/idem"
)

// Handlers groups every handler struct for the router.
type Handlers struct {
	Families *FamilyHandler
	Bookings *BookingHandler
	Billing  *BillingHandler
	Funding  *FundingHandler
	Messages *MessageHandler
	Ratio    *RatioHandler
	Webhooks *WebhookHandler
}

// NewRouter builds the gin engine.
func NewRouter(h Handlers, idemStore idem.Store, log *slog.Logger) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestLog(log), correlation())

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := r.Group("/v1")
	{
		v1.POST("/families", h.Families.Register)
		v1.POST("/families/:familyID/children", h.Families.AddChild)
		v1.POST("/families/:familyID/mandates", h.Billing.SetupMandate)
		v1.POST("/enrolments", h.Families.Enrol)

		v1.POST("/bookings", h.Bookings.Create)
		v1.POST("/bookings/:bookingID/swap", h.Bookings.Swap)

		v1.POST("/invoices/:invoiceID/credits", idem.Middleware(idemStore, log), h.Billing.ApplyCredit)

		v1.POST("/funding/claims", h.Funding.SaveDraft)
		v1.POST("/funding/claims/:claimID/submit", h.Funding.Submit)

		v1.POST("/nurseries/:nurseryID/messages", h.Messages.Broadcast)

		v1.POST("/ratio/readings", h.Ratio.Record)
	}

	r.POST("/webhooks/directdebit", h.Webhooks.DirectDebit)
	return r
}

func requestLog(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.InfoContext(c.Request.Context(), "http",
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"took", time.Since(start))
	}
}

func correlation() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Request-Id")
		if id == "" {
			id = uuid.NewString()
		}
		c.Header("X-Request-Id", id)
		c.Request = c.Request.WithContext(events.WithCorrelationID(c.Request.Context(), id))
		c.Next()
	}
}
