package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/terravault/carbonreg/internal/service"
)

// Services are the use cases the API exposes.
type Services struct {
	Projects    service.ProjectService
	Batches     service.BatchService
	Orders      service.OrderService
	Refunds     service.RefundService
	Retirements service.RetirementService
	Transfers   service.TransferService
	Payouts     service.PayoutService
	Stripe      service.StripeEvents
}

// WebhookSecrets are the Stripe endpoint signing secrets.
type WebhookSecrets struct {
	Platform string
	Connect  string
}

// NewRouter builds the gin engine.
func NewRouter(svc Services, secrets WebhookSecrets, log *slog.Logger) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestID(), accessLog(log))

	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusNoContent) })

	v1 := r.Group("/v1")
	{
		p := &projectHandlers{svc: svc.Projects, batches: svc.Batches}
		v1.POST("/projects", handle(p.register))
		v1.POST("/projects/:projectID/batches", handle(p.issueBatch))

		o := &orderHandlers{orders: svc.Orders, refunds: svc.Refunds}
		v1.POST("/orders", handle(o.place))
		v1.POST("/orders/:orderID/cancel", handle(o.cancel))
		v1.POST("/orders/:orderID/charge", handle(o.chargeSaved))
		v1.POST("/orders/:orderID/refunds", handle(o.refund))

		rt := &retirementHandlers{svc: svc.Retirements}
		v1.POST("/retirements", handle(rt.retire))

		t := &transferHandlers{svc: svc.Transfers}
		v1.POST("/transfers", handle(t.transfer))

		po := &payoutHandlers{svc: svc.Payouts}
		v1.POST("/developers/:developerID/payouts", handle(po.request))
	}

	wh := &stripeWebhooks{svc: svc.Stripe, secrets: secrets}
	r.POST("/webhooks/stripe", handle(wh.platform))
	r.POST("/webhooks/stripe/connect", handle(wh.connect))
	return r
}
