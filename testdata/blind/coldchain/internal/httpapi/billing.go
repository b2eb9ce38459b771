package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/frostline/coldchain/internal/billing"
	"github.com/frostline/coldchain/internal/db"
)

type invoiceResponse struct {
	ID         string     `json:"id"`
	ShipperID  string     `json:"shipper_id"`
	Kind       string     `json:"kind"`
	Status     string     `json:"status"`
	TotalCents int64      `json:"total_cents"`
	Currency   string     `json:"currency"`
	Memo       string     `json:"memo"`
	DueAt      time.Time  `json:"due_at"`
	PaidAt     *time.Time `json:"paid_at,omitempty"`
}

func toInvoiceResponse(i db.Invoice) invoiceResponse {
	return invoiceResponse{
		ID:         i.ID,
		ShipperID:  i.ShipperID,
		Kind:       i.Kind,
		Status:     i.Status,
		TotalCents: i.TotalCents,
		Currency:   i.Currency,
		Memo:       i.Memo,
		DueAt:      i.DueAt,
		PaidAt:     i.PaidAt,
	}
}

type accessorialLineRequest struct {
	ShipmentRef string `json:"shipment_ref"`
	Description string `json:"description" binding:"required"`
	AmountCents int64  `json:"amount_cents" binding:"required"`
}

type createInvoiceRequest struct {
	ShipperID string                   `json:"shipper_id" binding:"required"`
	Currency  string                   `json:"currency"`
	Memo      string                   `json:"memo"`
	Lines     []accessorialLineRequest `json:"lines" binding:"required,min=1,dive"`
}

func (h *Handlers) createAccessorialInvoice(c *gin.Context) {
	var req createInvoiceRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	in := billing.AccessorialInput{ShipperID: req.ShipperID, Currency: req.Currency, Memo: req.Memo}
	for _, l := range req.Lines {
		in.Lines = append(in.Lines, billing.AccessorialLine{
			ShipmentRef: l.ShipmentRef,
			Description: l.Description,
			AmountCents: l.AmountCents,
		})
	}
	inv, err := h.Invoices.CreateAccessorial(c.Request.Context(), idempotencyKey(c), in)
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, toInvoiceResponse(inv))
}

type payInvoiceRequest struct {
	PaymentMethodID string `json:"payment_method_id" binding:"required"`
}

func (h *Handlers) payInvoice(c *gin.Context) {
	var req payInvoiceRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	inv, err := h.Invoices.Get(c.Request.Context(), c.Param("id"))
	if err != nil {
		h.fail(c, err)
		return
	}
	if inv.ShipperID != c.GetString(ctxShipperID) {
		h.fail(c, billing.ErrNotFound)
		return
	}
	p, err := h.Payments.PayInvoice(c.Request.Context(), inv.ID, req.PaymentMethodID)
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{
		"payment_id":        p.ID,
		"payment_intent_id": p.StripePaymentIntentID,
		"status":            p.Status,
	})
}

type billingProfileRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
	Autopay         bool   `json:"autopay"`
}

func (h *Handlers) setupBillingProfile(c *gin.Context) {
	var req billingProfileRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	sh, err := h.Payments.SetupBillingProfile(c.Request.Context(), billing.BillingProfileInput{
		ShipperID:       c.GetString(ctxShipperID),
		PaymentMethodID: req.PaymentMethodID,
		Autopay:         req.Autopay,
	})
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{
		"shipper_id":             sh.ID,
		"stripe_customer_id":     sh.StripeCustomerID,
		"default_payment_method": sh.DefaultPaymentMethod,
		"autopay":                sh.AutopayEnabled,
	})
}
