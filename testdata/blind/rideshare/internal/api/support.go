package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/refunds"
)

// supportHandler serves the internal support console.
type supportHandler struct {
	refunds  refunds.Service
	adjuster ledger.Adjuster
	log      *slog.Logger
}

// refund handles POST /internal/v1/trips/:trip_id/refunds.
func (h *supportHandler) refund(c *gin.Context) {
	var req refunds.Request
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err.Error())
		return
	}
	req.TripID = c.Param("trip_id")
	req.Agent = c.GetHeader("X-Agent-Email")
	if req.Agent == "" {
		badRequest(c, "X-Agent-Email is required")
		return
	}
	r, err := h.refunds.Refund(c.Request.Context(), req)
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"refund_id":     r.ID,
		"status":        r.Status,
		"psp_reference": r.PspReference.String,
		"amount_cents":  r.AmountCents,
	})
}

type adjustmentBody struct {
	AmountCents int64  `json:"amount_cents" binding:"required"`
	Currency    string `json:"currency" binding:"required,len=3"`
	Reason      string `json:"reason" binding:"required"`
	TicketRef   string `json:"ticket_ref" binding:"required"`
}

// adjust handles POST /internal/v1/drivers/:driver_id/adjustments.
func (h *supportHandler) adjust(c *gin.Context) {
	driverID, err := uuid.Parse(c.Param("driver_id"))
	if err != nil {
		badRequest(c, "invalid driver id")
		return
	}
	var body adjustmentBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err.Error())
		return
	}
	adj, err := h.adjuster.Adjust(c.Request.Context(), ledger.AdjustmentRequest{
		DriverID:  driverID,
		Amount:    body.AmountCents,
		Currency:  body.Currency,
		Reason:    body.Reason,
		TicketRef: body.TicketRef,
		Agent:     c.GetHeader("X-Agent-Email"),
	})
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, adj)
}
