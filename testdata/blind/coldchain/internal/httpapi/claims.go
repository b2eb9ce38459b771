package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/frostline/coldchain/internal/claims"
	"github.com/frostline/coldchain/internal/db"
)

type claimResponse struct {
	ID          string     `json:"id"`
	ShipmentID  string     `json:"shipment_id"`
	AmountCents int64      `json:"amount_cents"`
	Currency    string     `json:"currency"`
	Reason      string     `json:"reason"`
	Status      string     `json:"status"`
	DecidedAt   *time.Time `json:"decided_at,omitempty"`
	CreatedAt   time.Time  `json:"created_at"`
}

func toClaimResponse(c db.Claim) claimResponse {
	return claimResponse{
		ID:          c.ID,
		ShipmentID:  c.ShipmentID,
		AmountCents: c.AmountCents,
		Currency:    c.Currency,
		Reason:      c.Reason,
		Status:      c.Status,
		DecidedAt:   c.DecidedAt,
		CreatedAt:   c.CreatedAt,
	}
}

type fileClaimRequest struct {
	ShipmentID  string `json:"shipment_id" binding:"required"`
	AmountCents int64  `json:"amount_cents" binding:"required"`
	Reason      string `json:"reason" binding:"required"`
}

func (h *Handlers) fileClaim(c *gin.Context) {
	var req fileClaimRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	cl, err := h.Claims.File(c.Request.Context(), idempotencyKey(c), claims.FileInput{
		ShipperID:   c.GetString(ctxShipperID),
		ShipmentID:  req.ShipmentID,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
	})
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, toClaimResponse(cl))
}

func (h *Handlers) approveClaim(c *gin.Context) {
	cl, err := h.Claims.Approve(c.Request.Context(), c.Param("id"), c.GetString(ctxOperator))
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusOK, toClaimResponse(cl))
}
