package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/apronworks/groundops/internal/adhoc"
)

type AdhocHandlers struct {
	Orders AdhocService
}

type adhocOrderRequest struct {
	RequestID       string    `json:"request_id" binding:"required"`
	TailNumber      string    `json:"tail_number" binding:"required"`
	Station         string    `json:"station" binding:"required,len=3"`
	ServiceCode     string    `json:"service_code" binding:"required"`
	CustomerID      string    `json:"customer_id" binding:"required"`
	PaymentMethodID string    `json:"payment_method_id" binding:"required"`
	SlotAt          time.Time `json:"slot_at" binding:"required"`
}

// placeOrder: POST /v1/adhoc-orders
func (h *AdhocHandlers) placeOrder(c *gin.Context) {
	var req adhocOrderRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	order, err := h.Orders.PlaceOrder(c.Request.Context(), adhoc.OrderInput{
		RequestID:       req.RequestID,
		TailNumber:      req.TailNumber,
		Station:         req.Station,
		ServiceCode:     req.ServiceCode,
		CustomerID:      req.CustomerID,
		PaymentMethodID: req.PaymentMethodID,
		SlotAt:          req.SlotAt,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, order)
}

type surchargeRequest struct {
	Reason      string `json:"reason" binding:"required"`
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
}

// surcharge: POST /v1/adhoc-orders/:id/surcharges
func (h *AdhocHandlers) surcharge(c *gin.Context) {
	var req surchargeRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	charge, err := h.Orders.Surcharge(c.Request.Context(), c.Param("id"), adhoc.SurchargeInput{
		Reason:      req.Reason,
		AmountCents: req.AmountCents,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, charge)
}

type cancelRequest struct {
	SlotAt time.Time `json:"slot_at" binding:"required"`
}

// cancel: POST /v1/adhoc-orders/:id/cancel
func (h *AdhocHandlers) cancel(c *gin.Context) {
	var req cancelRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	order, err := h.Orders.Cancel(c.Request.Context(), c.Param("id"), req.SlotAt)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, order)
}
