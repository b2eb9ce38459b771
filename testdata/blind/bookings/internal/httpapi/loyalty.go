package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/meridianrail/bookings/internal/service/loyalty"
)

// LoyaltyHandler serves loyalty redemptions.
type LoyaltyHandler struct {
	Loyalty LoyaltyService
	Log     *slog.Logger
}

type redeemRequest struct {
	RedemptionRef string `json:"redemption_ref" binding:"required"`
	MemberID      string `json:"member_id" binding:"required"`
	Points        int64  `json:"points" binding:"required,gt=0"`
	RewardCode    string `json:"reward_code" binding:"required"`
}

// Redeem handles POST /v1/loyalty/redemptions.
func (h *LoyaltyHandler) Redeem(c *gin.Context) {
	var req redeemRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	red, err := h.Loyalty.Redeem(c.Request.Context(), loyalty.RedeemInput{
		RedemptionRef: req.RedemptionRef,
		MemberID:      req.MemberID,
		Points:        req.Points,
		RewardCode:    req.RewardCode,
	})
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{"voucher_code": red.VoucherCode, "points": red.Points})
}
