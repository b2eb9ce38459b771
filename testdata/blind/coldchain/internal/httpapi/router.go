// Package httpapi is the public and operations HTTP API, built on gin.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/stripe/stripe-go/v82"

	"github.com/frostline/coldchain/internal/billing"
	"github.com/frostline/coldchain/internal/claims"
	"github.com/frostline/coldchain/internal/customs"
	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/payouts"
	"github.com/frostline/coldchain/internal/providers/customsgw"
	"github.com/frostline/coldchain/internal/shipment"
)

// ShipmentService is what the shipment handlers need.
type ShipmentService interface {
	Book(ctx context.Context, in shipment.BookInput) (db.Shipment, error)
	AttachDevice(ctx context.Context, shipmentID, deviceID string) error
}

// InvoiceService is what the invoice handlers need.
type InvoiceService interface {
	CreateAccessorial(ctx context.Context, idemKey string, in billing.AccessorialInput) (db.Invoice, error)
	Get(ctx context.Context, id string) (db.Invoice, error)
}

// PaymentService is what the payment handlers need.
type PaymentService interface {
	PayInvoice(ctx context.Context, invoiceID, paymentMethodID string) (db.Payment, error)
	SetupBillingProfile(ctx context.Context, in billing.BillingProfileInput) (db.Shipper, error)
}

// ClaimService is what the claim handlers need.
type ClaimService interface {
	File(ctx context.Context, idemKey string, in claims.FileInput) (db.Claim, error)
	Approve(ctx context.Context, claimID, reviewer string) (db.Claim, error)
}

// CustomsService is what the customs handlers need.
type CustomsService interface {
	Amend(ctx context.Context, in customs.AmendInput) (customsgw.Ack, error)
}

// DriverService is what the driver handlers need.
type DriverService interface {
	IssueFuelAdvance(ctx context.Context, in payouts.FuelAdvanceInput) (db.FuelAdvance, error)
}

// WebhookVerifier checks Stripe signatures.
type WebhookVerifier interface {
	Verify(payload []byte, signature string) (stripe.Event, error)
}

// EventDispatcher routes verified Stripe events.
type EventDispatcher interface {
	Dispatch(ctx context.Context, ev stripe.Event) error
}

// Handlers groups every HTTP handler.
type Handlers struct {
	Shipments ShipmentService
	Invoices  InvoiceService
	Payments  PaymentService
	Claims    ClaimService
	Customs   CustomsService
	Drivers   DriverService
	Verifier  WebhookVerifier
	Events    EventDispatcher
	Log       *slog.Logger
}

// NewRouter builds the gin engine with all routes.
func NewRouter(h *Handlers) *gin.Engine {
	gin.SetMode(gin.ReleaseMode)
	r := gin.New()
	r.Use(gin.Recovery(), requestLogger(h.Log))

	r.GET("/healthz", func(c *gin.Context) { c.Status(http.StatusNoContent) })

	v1 := r.Group("/v1")
	shippers := v1.Group("", requireShipper())
	shippers.POST("/shipments", h.bookShipment)
	shippers.POST("/shipments/:id/devices", h.attachDevice)
	shippers.PUT("/billing-profile", h.setupBillingProfile)
	shippers.POST("/invoices/:id/pay", h.payInvoice)
	shippers.POST("/claims", h.fileClaim)

	ops := v1.Group("/ops", requireOperator())
	ops.POST("/invoices", h.createAccessorialInvoice)
	ops.POST("/claims/:id/approve", h.approveClaim)
	ops.POST("/customs-filings/:id/amendments", h.amendFiling)
	ops.POST("/drivers/:id/fuel-advances", h.issueFuelAdvance)

	v1.POST("/webhooks/stripe", h.stripeWebhook)
	return r
}

const (
	ctxShipperID = "shipper_id"
	ctxOperator  = "operator"
)

// requireShipper trusts the X-Shipper-ID header set by the API gateway
// after it authenticates the shipper's API key.
func requireShipper() gin.HandlerFunc {
	return func(c *gin.Context) {
		id := c.GetHeader("X-Shipper-ID")
		if id == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
			return
		}
		c.Set(ctxShipperID, id)
		c.Next()
	}
}

// requireOperator trusts the X-Operator header set by the SSO proxy in
// front of the operations console.
func requireOperator() gin.HandlerFunc {
	return func(c *gin.Context) {
		op := c.GetHeader("X-Operator")
		if op == "" {
			c.AbortWithStatusJSON(http.StatusUnauthorized, errorBody{Error: "unauthenticated"})
			return
		}
		c.Set(ctxOperator, op)
		c.Next()
	}
}

func requestLogger(log *slog.Logger) gin.HandlerFunc {
	return func(c *gin.Context) {
		start := time.Now()
		c.Next()
		log.Info("http request",
			"method", c.Request.Method,
			"path", c.FullPath(),
			"status", c.Writer.Status(),
			"elapsed", time.Since(start),
		)
	}
}

func idempotencyKey(c *gin.Context) string {
	return c.GetHeader("Idempotency-Key")
}

type errorBody struct {
	Error string `json:"error"`
}

var statusByError = []struct {
	err    error
	status int
}{
	{shipment.ErrNotFound, http.StatusNotFound},
	{shipment.ErrUnknownShipper, http.StatusUnprocessableEntity},
	{shipment.ErrInvalidRequest, http.StatusBadRequest},
	{shipment.ErrPickupInThePast, http.StatusBadRequest},
	{billing.ErrNotFound, http.StatusNotFound},
	{billing.ErrAlreadyPaid, http.StatusConflict},
	{billing.ErrNotPayable, http.StatusConflict},
	{billing.ErrNoBillingProfile, http.StatusPreconditionFailed},
	{billing.ErrInvalidInvoice, http.StatusBadRequest},
	{billing.ErrPaymentDeclined, http.StatusPaymentRequired},
	{billing.ErrUnknownShipper, http.StatusUnprocessableEntity},
	{claims.ErrNotFound, http.StatusNotFound},
	{claims.ErrIdempotencyKeyMissing, http.StatusBadRequest},
	{claims.ErrInvalidClaim, http.StatusBadRequest},
	{claims.ErrNotYourShipment, http.StatusForbidden},
	{claims.ErrOpenClaimExists, http.StatusConflict},
	{claims.ErrNotReviewable, http.StatusConflict},
	{customs.ErrNotFound, http.StatusNotFound},
	{customs.ErrNotSubmitted, http.StatusConflict},
	{customs.ErrIdempotencyKeyNeeded, http.StatusBadRequest},
	{customs.ErrNoChanges, http.StatusBadRequest},
	{payouts.ErrUnknownDriver, http.StatusNotFound},
	{payouts.ErrNoFuelCard, http.StatusPreconditionFailed},
	{payouts.ErrInvalidAdvance, http.StatusBadRequest},
}

func (h *Handlers) fail(c *gin.Context, err error) {
	for _, m := range statusByError {
		if errors.Is(err, m.err) {
			c.JSON(m.status, errorBody{Error: err.Error()})
			return
		}
	}
	h.Log.Error("request failed", "path", c.FullPath(), "err", err)
	c.JSON(http.StatusInternalServerError, errorBody{Error: "internal error"})
}

func badRequest(c *gin.Context, err error) {
	c.JSON(http.StatusBadRequest, errorBody{Error: err.Error()})
}
