package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

type adminHandlers struct {
	payouts PayoutAdminAPI
}

// retryPayout handles POST /v1/admin/payouts/:id/retry.
func (h *adminHandlers) retryPayout(c echo.Context) error {
	id, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	p, err := h.payouts.RetryFailed(c.Request().Context(), id, staffID(c), c.Request().Header.Get(headerIdempotencyKey))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, p)
}
