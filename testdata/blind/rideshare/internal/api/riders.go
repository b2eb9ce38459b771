package api

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/accounts"
	"github.com/wayfare/ridepay/internal/wallet"
)

type riderHandler struct {
	accounts accounts.Service
	wallet   wallet.Service
	log      *slog.Logger
}

func (h *riderHandler) riderID(c *gin.Context) (uuid.UUID, bool) {
	id, err := uuid.Parse(c.Param("rider_id"))
	if err != nil {
		badRequest(c, "invalid rider id")
		return uuid.Nil, false
	}
	if sub := subject(c); sub != "" && sub != id.String() {
		c.JSON(http.StatusForbidden, gin.H{"error": "forbidden"})
		return uuid.Nil, false
	}
	return id, true
}

// setPaymentMethod handles PUT /v1/riders/:rider_id/payment-method.
func (h *riderHandler) setPaymentMethod(c *gin.Context) {
	riderID, ok := h.riderID(c)
	if !ok {
		return
	}
	var pm accounts.PaymentMethod
	if err := c.ShouldBindJSON(&pm); err != nil {
		badRequest(c, err.Error())
		return
	}
	if err := h.accounts.SetDefaultPaymentMethod(c.Request.Context(), riderID, pm); err != nil {
		writeError(c, h.log, err)
		return
	}
	c.Status(http.StatusNoContent)
}

// topUp handles POST /v1/riders/:rider_id/wallet/topups.
func (h *riderHandler) topUp(c *gin.Context) {
	key, ok := idempotencyKey(c)
	if !ok {
		return
	}
	riderID, ok := h.riderID(c)
	if !ok {
		return
	}
	var req wallet.TopUpRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err.Error())
		return
	}
	req.RiderID = riderID
	t, err := h.wallet.TopUp(c.Request.Context(), key, req)
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"topup_id":     t.ID,
		"status":       t.Status,
		"amount_cents": t.AmountCents,
		"currency":     t.Currency,
	})
}
