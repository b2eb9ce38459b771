// Package httpapi exposes the pharmacy over HTTP.
package httpapi

import (
	"context"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/kestrelvet/refillrx/internal/db"
	"github.com/kestrelvet/refillrx/internal/fulfilment"
	"github.com/kestrelvet/refillrx/internal/orders"
	"github.com/kestrelvet/refillrx/internal/payments"
	"github.com/kestrelvet/refillrx/internal/refills"
)

// Service interfaces the handlers call; main wires the concrete services.

type RefillService interface {
	Get(ctx context.Context, id string) (db.RefillRequest, error)
	Request(ctx context.Context, in refills.RequestInput) (db.RefillRequest, error)
	InitiateFromClinic(ctx context.Context, in refills.ClinicInitiateInput) (db.RefillRequest, error)
	Approve(ctx context.Context, in refills.DecisionInput) (*refills.Decision, error)
	Decline(ctx context.Context, in refills.DecisionInput) (*refills.Decision, error)
}

type OrderService interface {
	Get(ctx context.Context, id string) (db.Order, error)
	CreateOTC(ctx context.Context, ownerID string, items []orders.Item) (db.Order, error)
	Checkout(ctx context.Context, ownerID, orderID, paymentMethod string) (*orders.CheckoutResult, error)
	Refund(ctx context.Context, in orders.RefundInput) (*payments.RefundResult, error)
}

type DispenseService interface {
	Dispense(ctx context.Context, in fulfilment.DispenseInput) (*fulfilment.DispenseResult, error)
}

func bindJSON(c *gin.Context, v any) bool {
	if err := c.ShouldBindJSON(v); err != nil {
		_ = c.Error(err).SetType(gin.ErrorTypeBind)
		return false
	}
	return true
}

type refillView struct {
	ID             string `json:"id"`
	PrescriptionID string `json:"prescription_id"`
	Status         string `json:"status"`
	Quantity       int32  `json:"quantity"`
	CreatedAt      string `json:"created_at"`
}

func toRefillView(rr db.RefillRequest) refillView {
	return refillView{ID: rr.ID, PrescriptionID: rr.PrescriptionID, Status: rr.Status, Quantity: rr.Quantity,
		CreatedAt: rr.CreatedAt.UTC().Format("2006-01-02T15:04:05Z")}
}

type orderView struct {
	ID         string `json:"id"`
	Kind       string `json:"kind"`
	Status     string `json:"status"`
	TotalCents int64  `json:"total_cents"`
	Currency   string `json:"currency"`
}

func toOrderView(o db.Order) orderView {
	return orderView{ID: o.ID, Kind: o.Kind, Status: o.Status, TotalCents: o.TotalCents, Currency: o.Currency}
}

func ok(c *gin.Context, status int, v any) {
	if status == 0 {
		status = http.StatusOK
	}
	c.JSON(status, v)
}
