package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/amberfield-labs/honeycoop/internal/service/payouts"
)

type advanceHandler struct {
	payouts payouts.Service
}

type advanceRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

// request is called from the member portal, which sends an Idempotency-Key
// and retries on timeouts.
func (h *advanceHandler) request(c echo.Context) error {
	var req advanceRequest
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	adv, err := h.payouts.RequestAdvance(c.Request().Context(), c.Param("id"), req.AmountCents)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, adv)
}
