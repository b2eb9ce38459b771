package api

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/haulright/movers/internal/service"
)

type InvoiceHandler struct {
	payments service.PaymentService
}

func NewInvoiceHandler(payments service.PaymentService) *InvoiceHandler {
	return &InvoiceHandler{payments: payments}
}

func (h *InvoiceHandler) Register(rg *gin.RouterGroup) {
	rg.POST("/invoices/:id/pay", h.pay)
}

func (h *InvoiceHandler) pay(c *gin.Context) {
	id, ok := uuidParam(c, "id")
	if !ok {
		return
	}
	p, err := h.payments.PayInvoice(c.Request.Context(), id)
	if err != nil {
		fail(c, err)
		return
	}
	c.JSON(http.StatusOK, p)
}
