package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/halyard/funding/internal/service/topups"
)

type approvalBody struct {
	Comment string `json:"comment"`
}

func (h *Handlers) approveWithdrawal(c *gin.Context) {
	var body approvalBody
	_ = c.ShouldBindJSON(&body)
	w, n, err := h.Withdrawals.Approve(c.Request.Context(), c.Param("id"), c.GetString(ctxOperatorID), body.Comment)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, gin.H{"withdrawal": withdrawalView(w), "approvals": n})
}

type rejectionBody struct {
	Reason string `json:"reason" binding:"required"`
}

func (h *Handlers) rejectWithdrawal(c *gin.Context) {
	var body rejectionBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	w, err := h.Withdrawals.Reject(c.Request.Context(), c.Param("id"), c.GetString(ctxOperatorID), body.Reason)
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, withdrawalView(w))
}

type refundBody struct {
	Amount int64  `json:"amount"`
	Reason string `json:"reason" binding:"required"`
}

func (h *Handlers) refundTopup(c *gin.Context) {
	var body refundBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	t, err := h.Topups.Refund(c.Request.Context(), topups.RefundRequest{
		TopupID:    c.Param("id"),
		Amount:     body.Amount,
		Reason:     body.Reason,
		OperatorID: c.GetString(ctxOperatorID),
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusOK, topupView(t))
}

type reconBody struct {
	BankAccount string `json:"bank_account" binding:"required"`
	Date        string `json:"date" binding:"required"`
}

func (h *Handlers) requestReconciliation(c *gin.Context) {
	var body reconBody
	if err := c.ShouldBindJSON(&body); err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	day, err := time.Parse("2006-01-02", body.Date)
	if err != nil {
		c.AbortWithStatusJSON(http.StatusBadRequest, gin.H{"error": "date must be YYYY-MM-DD"})
		return
	}
	msgID, err := h.Recon.EnqueueDay(c.Request.Context(), body.BankAccount, day, c.GetString(ctxOperatorID))
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, gin.H{"message_id": msgID})
}
