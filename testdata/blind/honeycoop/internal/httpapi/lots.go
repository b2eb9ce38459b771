package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/amberfield-labs/honeycoop/internal/service/intake"
)

type lotHandler struct {
	intake intake.Service
}

// register is called by the intake desk tablet when a member drops off
// honey. The tablet retries on timeouts and network errors.
func (h *lotHandler) register(c echo.Context) error {
	var req intake.RegisterLot
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	req.MemberID = c.Param("id")
	lot, created, err := h.intake.RegisterLot(c.Request().Context(), req)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, lot)
}
