// Package api is the gin HTTP layer: the firm-facing REST API and the
// provider webhooks. Handlers decode, authenticate and delegate to the
// service interfaces below.
package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"
	"github.com/stripe/stripe-go/v82"

	"github.com/docketly/efile/internal/providers/gateway"
	"github.com/docketly/efile/internal/providers/processserver"
	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/store/db"
)

// FilingService is the filing lifecycle.
type FilingService interface {
	Create(ctx context.Context, in service.CreateFilingInput) (db.Filing, error)
	AddDocument(ctx context.Context, in service.AddDocumentInput) (db.FilingDocument, error)
	Submit(ctx context.Context, firmID, filingID uuid.UUID) error
}

// FeeService authorizes filing fees.
type FeeService interface {
	Authorize(ctx context.Context, in service.AuthorizeFeeInput) (db.Payment, error)
}

// ServiceOfProcessService books in-person service.
type ServiceOfProcessService interface {
	Request(ctx context.Context, in service.ServiceRequestInput) (db.ServiceRequest, error)
	Cancel(ctx context.Context, firmID, id uuid.UUID, reason string) error
}

// SubscriptionService manages docket alerts.
type SubscriptionService interface {
	Subscribe(ctx context.Context, in service.SubscribeInput) error
}

// StripeEventHandler applies Stripe events.
type StripeEventHandler interface {
	Handle(ctx context.Context, evt stripe.Event) error
}

// GatewayEventHandler applies court gateway callbacks.
type GatewayEventHandler interface {
	Handle(ctx context.Context, cb gateway.Callback) error
}

// ServeEventHandler applies process-server events.
type ServeEventHandler interface {
	Handle(ctx context.Context, ev processserver.Event) error
}

// SignatureVerifier checks a provider's webhook signature.
type SignatureVerifier func(body []byte, signature string) bool

var (
	_ FilingService           = (*service.Filings)(nil)
	_ FeeService              = (*service.Fees)(nil)
	_ ServiceOfProcessService = (*service.ServiceOfProcess)(nil)
	_ SubscriptionService     = (*service.Subscriptions)(nil)
	_ StripeEventHandler      = (*service.PaymentEvents)(nil)
	_ GatewayEventHandler     = (*service.GatewayEvents)(nil)
	_ ServeEventHandler       = (*service.ServeEvents)(nil)
	_ Authenticator           = (*service.Auth)(nil)
)

// Router assembles the gin engine.
type Router struct {
	Auth      Authenticator
	Filings   *FilingHandlers
	Service   *ServiceHandlers
	Webhooks  *WebhookHandlers
	Responses ResponseStore
	Log       *slog.Logger
}

// Engine builds the routes.
func (r *Router) Engine() *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	e := gin.New()
	e.Use(gin.Recovery(), requestLog(r.Log))

	e.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	v1 := e.Group("/v1", requireFirm(r.Auth))
	{
		v1.POST("/filings", r.Filings.create)
		v1.POST("/filings/:id/documents", replayable(r.Responses, r.Log), r.Filings.addDocument)
		v1.POST("/filings/:id/fee", r.Filings.authorizeFee)
		v1.POST("/filings/:id/submit", r.Filings.submit)
		v1.POST("/filings/:id/service-requests", r.Service.request)

		v1.POST("/service-requests/:id/cancel", r.Service.cancel)

		v1.PUT("/matters/:id/subscriptions", r.Service.subscribe)
	}

	wh := e.Group("/webhooks")
	{
		w := r.Webhooks
		wh.POST("/stripe", w.stripe)
		wh.POST("/gateway", signedJSON(w.VerifyGateway, "X-Gateway-Signature", r.Log, w.Gateway.Handle))
		wh.POST("/servenet", signedJSON(w.VerifyServe, "ServeNet-Signature", r.Log, w.Serve.Handle))
	}
	return e
}
