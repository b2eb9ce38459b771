package httpapi

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/cyclegrid/bikeshare/internal/service"
)

type RefundHandler struct {
	refunds service.RefundService
}

func NewRefundHandler(refunds service.RefundService) *RefundHandler {
	return &RefundHandler{refunds: refunds}
}

type refundRequest struct {
	RideID      uuid.UUID `json:"ride_id"`
	AmountCents int64     `json:"amount_cents"`
	Reason      string    `json:"reason"`
}

// Create handles POST /v1/refunds.
func (h *RefundHandler) Create(c echo.Context) error {
	var req refundRequest
	if err := c.Bind(&req); err != nil || req.RideID == uuid.Nil {
		return echo.NewHTTPError(http.StatusBadRequest, "ride_id is required")
	}
	if req.Reason == "" {
		req.Reason = "rider_request"
	}
	refund, err := h.refunds.Request(c.Request().Context(), service.RefundInput{
		RiderID:     riderID(c),
		RideID:      req.RideID,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{
		"refund_id":    refund.ID,
		"status":       refund.Status,
		"amount_cents": refund.AmountCents,
	})
}
