// Package httpapi is the public REST API, served with echo.
package httpapi

import (
	"context"
	"log/slog"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
	"github.com/stripe/stripe-go/v82"

	"github.com/meterly/subs/internal/billing"
	"github.com/meterly/subs/internal/service/credit"
	"github.com/meterly/subs/internal/service/invoicing"
	"github.com/meterly/subs/internal/service/signup"
	"github.com/meterly/subs/internal/service/subscription"
	"github.com/meterly/subs/internal/storage/gormrepo"
)

// Service contracts used by the handlers.

type SignupService interface {
	SignUp(ctx context.Context, idemKey string, req signup.Request) (signup.Result, error)
}

type SubscriptionService interface {
	ChangePlan(ctx context.Context, subscriptionID, newPlanID string) (subscription.ChangeResult, error)
	Cancel(ctx context.Context, subscriptionID string, atPeriodEnd bool) (billing.Subscription, error)
}

type CreditService interface {
	Grant(ctx context.Context, req credit.GrantRequest) (*gormrepo.CreditGrant, error)
	RedeemCoupon(ctx context.Context, customerID, code string) (credit.Redemption, error)
}

type InvoiceService interface {
	PayNow(ctx context.Context, invoiceID, clientKey string) (invoicing.PaymentOutcome, error)
}

type WebhookService interface {
	RegisterEndpoint(ctx context.Context, customerID, rawURL string, eventTypes []string) (billing.WebhookEndpoint, bool, error)
}

type StripeEventService interface {
	Handle(ctx context.Context, evt stripe.Event) error
}

type Config struct {
	Addr                string
	StripeWebhookSecret string
	RequestTimeout      time.Duration
}

type Handlers struct {
	Signup        SignupService
	Subscriptions SubscriptionService
	Credits       CreditService
	Invoices      InvoiceService
	Webhooks      WebhookService
	StripeEvents  StripeEventService
	StripeSecret  string
	Log           *slog.Logger
}

// NewServer builds the echo instance with all routes registered.
func NewServer(cfg Config, h *Handlers, idem billing.IdempotencyRepository, log *slog.Logger) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = errorHandler(log)

	e.Use(middleware.Recover())
	e.Use(RequestRef())
	e.Use(AccessLog(log))
	if cfg.RequestTimeout > 0 {
		e.Use(middleware.ContextTimeoutWithConfig(middleware.ContextTimeoutConfig{Timeout: cfg.RequestTimeout}))
	}

	v1 := e.Group("/v1", APIKeyAuth())
	v1.POST("/signups", h.SignUp)
	v1.POST("/subscriptions/:id/upgrade", h.ChangePlan)
	v1.POST("/subscriptions/:id/cancel", h.Cancel)
	v1.POST("/customers/:id/credits", h.GrantCredit)
	v1.POST("/invoices/:id/pay", h.PayInvoice)
	v1.POST("/webhook-endpoints", h.CreateWebhookEndpoint)

	promos := v1.Group("/coupons", Idempotency(idem, "coupons"))
	promos.POST("/redeem", h.RedeemCoupon)

	e.POST("/webhooks/stripe", h.StripeWebhook)
	e.GET("/healthz", func(c echo.Context) error { return c.NoContent(204) })
	return e
}
