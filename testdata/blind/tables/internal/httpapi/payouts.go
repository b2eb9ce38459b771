package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablewise/reservations/internal/payout"
)

// PayoutHandler serves back-office payout routes.
type PayoutHandler struct {
	svc payout.Service
}

func NewPayoutHandler(svc payout.Service) *PayoutHandler {
	return &PayoutHandler{svc: svc}
}

type adjustmentRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// AddAdjustment handles POST /v1/admin/restaurants/:rid/payout-adjustments.
func (h *PayoutHandler) AddAdjustment(c echo.Context) error {
	req, _, err := readJSON[adjustmentRequest](c)
	if err != nil {
		return err
	}
	if req.Reason == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "reason is required")
	}
	adj, err := h.svc.AddAdjustment(c.Request().Context(), payout.AdjustmentInput{
		RestaurantID: c.Param("rid"),
		AmountCents:  req.AmountCents,
		Reason:       req.Reason,
		Actor:        principal(c).ID,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{
		"id":           adj.ID,
		"amount_cents": adj.AmountCents,
		"reason":       adj.Reason,
	})
}
