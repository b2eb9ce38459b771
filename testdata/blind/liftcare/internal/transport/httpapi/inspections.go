package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/liftwell-systems/liftcare/internal/service/inspection"
)

type bookingRequest struct {
	PreferredDate string `json:"preferred_date"` // YYYY-MM-DD
}

// BookAuthorityVisit handles POST /v1/inspections/:id/authority-booking
// from the planning desk.
func (h *Handlers) BookAuthorityVisit(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bind[bookingRequest](c)
	if err != nil {
		return err
	}
	preferred, err := time.Parse(time.DateOnly, req.PreferredDate)
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "preferred_date must be YYYY-MM-DD")
	}
	b, err := h.Inspections.BookAuthorityVisit(c.Request().Context(), id, preferred)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"booking_ref": b.Ref, "slot": b.Slot})
}

type resultRequest struct {
	Result string `json:"result"`
}

// RecordInspectionResult handles POST /v1/inspections/:id/result from the
// inspector's tablet.
func (h *Handlers) RecordInspectionResult(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bind[resultRequest](c)
	if err != nil {
		return err
	}
	if err := h.Inspections.RecordResult(c.Request().Context(), id, inspection.Result(req.Result)); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
