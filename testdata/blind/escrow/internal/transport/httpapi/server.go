// Package httpapi is the public JSON API, served with echo.
package httpapi

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/acme/escrow/internal/db"
	"github.com/acme/escrow/internal/dispute"
	"github.com/acme/escrow/internal/escrow"
	"github.com/acme/escrow/internal/fulfilment"
	"github.com/acme/escrow/internal/ledger"
	"github.com/acme/escrow/internal/payout"
	"github.com/acme/escrow/internal/provider/shipping"
)

// EscrowService is the escrow API surface.
type EscrowService interface {
	Create(ctx context.Context, in escrow.CreateInput) (db.Escrow, error)
	Get(ctx context.Context, id string) (db.Escrow, error)
	Fund(ctx context.Context, escrowID, customerID string) (escrow.FundResult, error)
	Capture(ctx context.Context, escrowID string) (db.Escrow, error)
	Cancel(ctx context.Context, escrowID string) (db.Escrow, error)
	ConfirmReceipt(ctx context.Context, escrowID, buyerID string) (db.Escrow, error)
}

// DisputeService is the dispute API surface.
type DisputeService interface {
	Open(ctx context.Context, in dispute.OpenInput) (db.Dispute, error)
	Resolve(ctx context.Context, in dispute.ResolveInput) (db.Dispute, error)
}

// PayoutService is the payout API surface.
type PayoutService interface {
	RequestInstant(ctx context.Context, in payout.InstantInput) (db.PayoutRequest, error)
}

// ShippingService is the fulfilment API surface.
type ShippingService interface {
	BookLabel(ctx context.Context, in fulfilment.LabelInput) (db.Shipment, error)
	SchedulePickup(ctx context.Context, in fulfilment.PickupInput) (shipping.Pickup, error)
}

// LedgerService is the finance API surface.
type LedgerService interface {
	PostAdjustment(ctx context.Context, key string, a ledger.Adjustment) (string, error)
}

// Handlers holds the API's dependencies.
type Handlers struct {
	escrows   EscrowService
	disputes  DisputeService
	payouts   PayoutService
	shipments ShippingService
	ledger    LedgerService
	log       *slog.Logger
}

// NewHandlers returns Handlers.
func NewHandlers(e EscrowService, d DisputeService, p PayoutService, s ShippingService, l LedgerService, log *slog.Logger) *Handlers {
	return &Handlers{escrows: e, disputes: d, payouts: p, shipments: s, ledger: l, log: log.With("component", "httpapi")}
}

// NewEcho builds the echo instance with all routes.
func NewEcho(h *Handlers) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HTTPErrorHandler = h.errorHandler
	e.Use(middleware.Recover())
	e.Use(middleware.RequestIDWithConfig(middleware.RequestIDConfig{Generator: uuid.NewString}))
	e.Use(middleware.ContextTimeoutWithConfig(middleware.ContextTimeoutConfig{Timeout: 25 * time.Second}))

	v1 := e.Group("/v1", h.authenticate)
	v1.POST("/escrows", h.createEscrow)
	v1.GET("/escrows/:id", h.getEscrow)
	v1.POST("/escrows/:id/fund", h.fundEscrow)
	v1.POST("/escrows/:id/capture", h.captureEscrow)
	v1.POST("/escrows/:id/cancel", h.cancelEscrow)
	v1.POST("/escrows/:id/confirm-receipt", h.confirmReceipt)
	v1.POST("/escrows/:id/disputes", h.openDispute)
	v1.POST("/disputes/:id/resolve", h.resolveDispute)
	v1.POST("/sellers/:id/instant-payouts", h.instantPayout)
	v1.POST("/shipments", h.bookShipment)
	v1.POST("/shipments/:id/pickup", h.schedulePickup)
	v1.POST("/ledger/adjustments", h.postAdjustment)
	return e
}

// authenticate resolves the caller from the gateway-set header.
func (h *Handlers) authenticate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		sub := c.Request().Header.Get("X-Authenticated-Subject")
		if sub == "" {
			return echo.NewHTTPError(http.StatusUnauthorized)
		}
		c.Set("subject", sub)
		return next(c)
	}
}

func subject(c echo.Context) string {
	s, _ := c.Get("subject").(string)
	return s
}

func idempotencyKey(c echo.Context) string {
	return c.Request().Header.Get("Idempotency-Key")
}

func (h *Handlers) errorHandler(err error, c echo.Context) {
	status := http.StatusInternalServerError
	var he *echo.HTTPError
	switch {
	case errors.As(err, &he):
		status = he.Code
	case errors.Is(err, escrow.ErrNotFound), errors.Is(err, dispute.ErrNotFound), errors.Is(err, fulfilment.ErrNotFound):
		status = http.StatusNotFound
	case errors.Is(err, escrow.ErrInvalidState), errors.Is(err, dispute.ErrInvalidState),
		errors.Is(err, fulfilment.ErrInvalidState), errors.Is(err, payout.ErrKeyReused):
		status = http.StatusConflict
	case errors.Is(err, escrow.ErrForbidden), errors.Is(err, payout.ErrDisabled):
		status = http.StatusForbidden
	case errors.Is(err, escrow.ErrValidation), errors.Is(err, dispute.ErrValidation),
		errors.Is(err, payout.ErrValidation), errors.Is(err, fulfilment.ErrValidation),
		errors.Is(err, ledger.ErrValidation), errors.Is(err, ledger.ErrUnbalanced):
		status = http.StatusUnprocessableEntity
	}
	if status >= 500 {
		h.log.ErrorContext(c.Request().Context(), "request failed",
			"path", c.Path(), "request_id", c.Response().Header().Get(echo.HeaderXRequestID), "err", err)
	}
	if c.Response().Committed {
		return
	}
	msg := http.StatusText(status)
	if status < 500 {
		msg = err.Error()
	}
	_ = c.JSON(status, map[string]string{"error": msg})
}
