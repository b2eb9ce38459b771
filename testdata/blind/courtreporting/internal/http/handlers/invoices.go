package handlers

import (
	"context"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/stenoline-legal/depobook/internal/platform/httpx"
	"github.com/stenoline-legal/depobook/internal/service"
)

type Invoices struct {
	billing service.Billing
}

func NewInvoices(billing service.Billing) *Invoices { return &Invoices{billing: billing} }

func (h *Invoices) Register(firm, _, _ *gin.RouterGroup) {
	firm.POST("/invoices/:id/payments", httpx.Handle(h.pay))
}

type payRequest struct {
	InvoiceID       string `uri:"id"`
	PaymentMethodID string `json:"payment_method_id"`
}

func (h *Invoices) pay(ctx context.Context, req payRequest) (*service.PaymentResult, error) {
	return h.billing.PayInvoice(ctx, service.PayInvoiceInput{
		FirmID:          httpx.PrincipalFrom(ctx).FirmID,
		InvoiceID:       req.InvoiceID,
		PaymentMethodID: req.PaymentMethodID,
		ChargeRef:       "pay-" + uuid.NewString(),
	})
}
