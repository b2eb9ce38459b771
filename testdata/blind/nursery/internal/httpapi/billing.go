package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/platform/httpx"
	"github.com/acornlane-childcare/nursery/internal/service/billing"
	"github.com/acornlane-childcare/nursery/internal/service/mandates"
)

type MandateService interface {
	Setup(ctx context.Context, familyID uuid.UUID, in mandates.SetupInput) (db.Mandate, error)
}

type CreditService interface {
	ApplyCredit(ctx context.Context, invoiceID uuid.UUID, in billing.CreditInput) (db.InvoiceCredit, db.Invoice, error)
}

// BillingHandler serves direct-debit setup and invoice adjustments.
type BillingHandler struct {
	mandates MandateService
	credits  CreditService
	log      *slog.Logger
}

func NewBillingHandler(m MandateService, cs CreditService, log *slog.Logger) *BillingHandler {
	return &BillingHandler{mandates: m, credits: cs, log: log}
}

type setupMandateRequest struct {
	AccountHolder string `json:"account_holder" binding:"required"`
	SortCode      string `json:"sort_code" binding:"required"`
	AccountNumber string `json:"account_number" binding:"required"`
}

// SetupMandate handles POST /v1/families/:familyID/mandates.
func (h *BillingHandler) SetupMandate(c *gin.Context) {
	familyID, ok := httpx.UUIDParam(c, "familyID")
	if !ok {
		return
	}
	var req setupMandateRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	m, err := h.mandates.Setup(c.Request.Context(), familyID, mandates.SetupInput{
		AccountHolder: req.AccountHolder,
		SortCode:      req.SortCode,
		AccountNumber: req.AccountNumber,
	})
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, m)
}

type creditRequest struct {
	AmountPence int64  `json:"amount_pence" binding:"required,gt=0"`
	Reason      string `json:"reason" binding:"required"`
}

// ApplyCredit handles POST /v1/invoices/:invoiceID/credits.
func (h *BillingHandler) ApplyCredit(c *gin.Context) {
	invoiceID, ok := httpx.UUIDParam(c, "invoiceID")
	if !ok {
		return
	}
	var req creditRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	credit, inv, err := h.credits.ApplyCredit(c.Request.Context(), invoiceID, billing.CreditInput{
		AmountPence: req.AmountPence,
		Reason:      req.Reason,
		CreatedBy:   httpx.Actor(c),
	})
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"credit": credit, "invoice": inv})
}
