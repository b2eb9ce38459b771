package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/wayfare/ridepay/internal/db"
	"github.com/wayfare/ridepay/internal/payouts"
)

// CashoutService is implemented by *payouts.Service.
type CashoutService interface {
	RequestCashout(ctx context.Context, key string, req payouts.CashoutRequest) (db.Cashout, error)
}

type cashoutHandler struct {
	svc CashoutService
	log *slog.Logger
}

type cashoutBody struct {
	AmountCents int64  `json:"amount_cents" binding:"required,gt=0"`
	Currency    string `json:"currency" binding:"required,len=3"`
}

// create handles POST /v1/drivers/:driver_id/cashouts.
func (h *cashoutHandler) create(c *gin.Context) {
	key, ok := idempotencyKey(c)
	if !ok {
		return
	}
	driverID, err := uuid.Parse(c.Param("driver_id"))
	if err != nil {
		badRequest(c, "invalid driver id")
		return
	}
	if sub := subject(c); sub != "" && sub != driverID.String() {
		c.JSON(http.StatusForbidden, gin.H{"error": "forbidden"})
		return
	}
	var body cashoutBody
	if err := c.ShouldBindJSON(&body); err != nil {
		badRequest(c, err.Error())
		return
	}
	co, err := h.svc.RequestCashout(c.Request.Context(), key, payouts.CashoutRequest{
		DriverID:    driverID,
		AmountCents: body.AmountCents,
		Currency:    body.Currency,
	})
	if err != nil {
		writeError(c, h.log, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{
		"cashout_id":   co.ID,
		"status":       co.Status,
		"amount_cents": co.AmountCents,
		"fee_cents":    co.FeeCents,
		"currency":     co.Currency,
	})
}
