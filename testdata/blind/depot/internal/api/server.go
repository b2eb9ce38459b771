// Package api is the depot's public and floor-facing HTTP API, served with
// gin. Handlers decode requests, call services through the interfaces
// below and map domain errors to HTTP statuses.
package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/depotworks/depot/internal/domain"
	"github.com/depotworks/depot/internal/service"
)

// Inbound is the ASN and receiving service.
type Inbound interface {
	CreateASN(ctx context.Context, merchantID string, in service.ASNInput) (domain.ASN, bool, error)
	RecordReceipt(ctx context.Context, asnID string, in service.ReceiptInput) (domain.ASNLine, error)
}

// Orders is the order service.
type Orders interface {
	CreateOrder(ctx context.Context, merchantID, key string, raw []byte, in service.OrderInput) (*domain.Order, *service.StoredResponse, error)
	Cancel(ctx context.Context, orderID, reason string) (domain.Order, error)
}

// Floor is the picking and packing service.
type Floor interface {
	ConfirmPick(ctx context.Context, taskID string, in service.PickConfirmation) (domain.PickTask, error)
	Pack(ctx context.Context, orderID string, in service.PackInput) (domain.Order, error)
}

// Stock is the inventory service.
type Stock interface {
	Levels(ctx context.Context, merchantID string) ([]domain.InventoryLevel, error)
	Adjust(ctx context.Context, merchantID, key string, in service.AdjustInput) (domain.StockAdjustment, *service.StoredResponse, error)
}

// Labels buys shipping labels on demand.
type Labels interface {
	BuyLabel(ctx context.Context, orderID string, seq int, serviceLevel string) (domain.Label, error)
}

// Returns is the returns service.
type Returns interface {
	Create(ctx context.Context, merchantID string, in service.ReturnInput) (domain.Return, error)
	Get(ctx context.Context, id string) (domain.Return, error)
}

// Pickups books carrier collections.
type Pickups interface {
	Schedule(ctx context.Context, in service.PickupInput) (domain.Pickup, error)
}

// Billing collects invoices.
type Billing interface {
	PayInvoice(ctx context.Context, invoiceID string) (domain.Invoice, error)
}

// Webhooks manages merchant endpoints.
type Webhooks interface {
	Register(ctx context.Context, merchantID string, in service.EndpointInput) (domain.WebhookEndpoint, error)
}

// Deps are the services the API is built on.
type Deps struct {
	Inbound  Inbound
	Orders   Orders
	Floor    Floor
	Stock    Stock
	Labels   Labels
	Returns  Returns
	Pickups  Pickups
	Billing  Billing
	Webhooks Webhooks
	Auth     Authenticator
	Logger   *slog.Logger
}

// Server holds the handlers.
type Server struct {
	Deps
}

// NewRouter builds the gin engine with every route registered.
func NewRouter(d Deps) *gin.Engine {
	if d.Logger == nil {
		d.Logger = slog.Default()
	}
	s := &Server{Deps: d}
	r := gin.New()
	r.Use(gin.Recovery(), requestLogger(d.Logger), requestID())

	r.GET("/healthz", func(c *gin.Context) { c.String(http.StatusOK, "ok") })

	m := r.Group("/v1/merchants/:mid", merchantAuth(d.Auth))
	m.POST("/asns", s.createASN)
	m.POST("/orders", s.createOrder)
	m.POST("/stock-adjustments", s.adjustStock)
	m.GET("/inventory", s.listInventory)
	m.POST("/returns", s.createReturn)
	m.PUT("/webhooks", s.registerWebhook)

	ops := r.Group("/v1", staffAuth(d.Auth))
	ops.POST("/asns/:id/receipts", s.recordReceipt)
	ops.POST("/orders/:id/cancel", s.cancelOrder)
	ops.POST("/pick-tasks/:id/confirm", s.confirmPick)
	ops.POST("/orders/:id/pack", s.packOrder)
	ops.POST("/orders/:id/packages/:seq/label", s.buyLabel)
	ops.POST("/pickups", s.schedulePickup)
	ops.GET("/returns/:id", s.getReturn)
	ops.POST("/invoices/:id/pay", s.payInvoice)
	return r
}
