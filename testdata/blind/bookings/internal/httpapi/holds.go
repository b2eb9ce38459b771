package httpapi

import (
	"log/slog"
	"net/http"

	"github.com/gin-gonic/gin"

	"github.com/meridianrail/bookings/internal/service/hold"
)

// HoldHandler serves seat holds.
type HoldHandler struct {
	Holds HoldService
	Log   *slog.Logger
}

type createHoldRequest struct {
	TripID     string   `json:"trip_id" binding:"required"`
	CustomerID string   `json:"customer_id" binding:"required"`
	Seats      []string `json:"seats" binding:"required,min=1,max=9"`
}

// Create handles POST /v1/holds.
func (h *HoldHandler) Create(c *gin.Context) {
	var req createHoldRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		c.JSON(http.StatusBadRequest, gin.H{"error": err.Error()})
		return
	}
	held, err := h.Holds.Create(c.Request.Context(), hold.CreateInput{
		RequestKey: c.GetHeader(headerIdempotencyKey),
		TripID:     req.TripID,
		CustomerID: req.CustomerID,
		Seats:      req.Seats,
	})
	if err != nil {
		writeError(c, h.Log, err)
		return
	}
	c.JSON(http.StatusCreated, gin.H{
		"hold_id":      held.ID,
		"expires_at":   held.ExpiresAt,
		"amount_cents": held.AmountCents,
		"currency":     held.Currency,
	})
}
