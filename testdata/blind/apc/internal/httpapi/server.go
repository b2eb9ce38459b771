// Package httpapi is the gin HTTP API used by the author payment portal,
// the editorial office and finance staff, plus the payments webhook.
package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/quillpress/apcdesk/internal/commands"
	"github.com/quillpress/apcdesk/internal/domain"
	"github.com/quillpress/apcdesk/internal/providers/payments"
)

// WebhookParser verifies and decodes provider webhooks.
type WebhookParser interface {
	ParseWebhook(body []byte, signature string, tolerance time.Duration) (payments.WebhookEvent, error)
}

// Deps are the collaborators the API needs.
type Deps struct {
	Bus        *commands.Bus
	Invoices   domain.InvoiceService
	Payments   domain.PaymentService
	Agreements domain.AgreementService
	Webhooks   WebhookParser
	APIKeys    map[string]string // key -> actor
	Ready      func(ctx context.Context) error
	Log        *slog.Logger
}

// Server holds the handlers.
type Server struct {
	Deps
}

// NewRouter builds the gin engine with every route installed.
func NewRouter(d Deps) *gin.Engine {
	s := &Server{Deps: d}
	r := gin.New()
	r.Use(gin.Recovery(), requestID(), accessLog(d.Log))

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })
	r.GET("/readyz", s.ready)

	r.POST("/v1/webhooks/paystream", s.paystreamWebhook)

	v1 := r.Group("/v1", authenticate(d.APIKeys))
	{
		v1.POST("/invoices", s.createInvoice)
		v1.GET("/invoices/:id", s.getInvoice)
		v1.POST("/invoices/:id/void", s.voidInvoice)
		v1.POST("/invoices/:id/waivers", s.grantWaiver)
		v1.POST("/invoices/:id/payments/card", s.payByCard)
		v1.POST("/invoices/:id/payments/direct-debit", s.payByDirectDebit)
		v1.POST("/invoices/:id/refunds", s.refund)

		v1.POST("/agreements/:id/drawdowns", s.drawDown)
	}
	return r
}

func (s *Server) ready(c *gin.Context) {
	ctx, cancel := context.WithTimeout(c.Request.Context(), 2*time.Second)
	defer cancel()
	if s.Ready != nil {
		if err := s.Ready(ctx); err != nil {
			c.JSON(http.StatusServiceUnavailable, gin.H{"error": err.Error()})
			return
		}
	}
	c.String(http.StatusOK, "ready")
}
