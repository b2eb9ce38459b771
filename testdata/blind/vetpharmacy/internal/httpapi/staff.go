package httpapi

import (
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/kestrelvet/refillrx/internal/fulfilment"
	"github.com/kestrelvet/refillrx/internal/httpapi/middleware"
	"github.com/kestrelvet/refillrx/internal/orders"
)

// StaffHandler serves the pharmacy-floor tablets and the support console.
type StaffHandler struct {
	dispenser DispenseService
	orders    OrderService
}

func NewStaffHandler(d DispenseService, o OrderService) *StaffHandler {
	return &StaffHandler{dispenser: d, orders: o}
}

type dispenseBody struct {
	Witness string `json:"witness"`
}

// Dispense handles POST /v1/pharmacy/orders/:id/dispense.
func (h *StaffHandler) Dispense(c *gin.Context) {
	var body dispenseBody
	if !bindJSON(c, &body) {
		return
	}
	res, err := h.dispenser.Dispense(c.Request.Context(), fulfilment.DispenseInput{
		OrderID:    c.Param("id"),
		Pharmacist: middleware.PrincipalOf(c).StaffID,
		Witness:    body.Witness,
	})
	if err != nil {
		_ = c.Error(err)
		return
	}
	ok(c, http.StatusOK, res)
}

type refundBody struct {
	AmountCents int64  `json:"amount_cents" binding:"required,min=1"`
	Reason      string `json:"reason" binding:"required"`
	Note        string `json:"note"`
}

// Refund handles POST /v1/admin/orders/:id/refunds.
func (h *StaffHandler) Refund(c *gin.Context) {
	var body refundBody
	if !bindJSON(c, &body) {
		return
	}
	res, err := h.orders.Refund(c.Request.Context(), orders.RefundInput{
		OrderID:     c.Param("id"),
		AmountCents: body.AmountCents,
		Reason:      body.Reason,
		Note:        body.Note,
		StaffID:     middleware.PrincipalOf(c).StaffID,
	})
	if err != nil {
		_ = c.Error(err)
		return
	}
	ok(c, http.StatusCreated, res)
}
