package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/summitline/skipass/internal/service"
)

type closureRequest struct {
	LiftID     string `json:"lift_id"`
	Date       string `json:"date"`
	Reason     string `json:"reason"`
	RefundPct  int    `json:"refund_pct"`
	DeclaredBy string `json:"declared_by"`
}

// declareClosure is called by the lift operations console when a lift stays
// shut for the day (wind, avalanche risk, icing).
func (h *Handlers) declareClosure(c echo.Context) error {
	req, err := bind[closureRequest](c)
	if err != nil {
		return err
	}
	d, err := parseDate(req.Date, h.tz)
	if err != nil {
		return err
	}
	cl, err := h.Closures.Declare(c.Request().Context(), service.DeclareClosureInput{
		LiftID:     req.LiftID,
		Date:       d,
		Reason:     req.Reason,
		RefundPct:  req.RefundPct,
		DeclaredBy: req.DeclaredBy,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"closure_id": cl.ID,
		"lift_id":    cl.LiftID,
		"date":       cl.ClosureDate.Format("2006-01-02"),
		"refund_pct": cl.RefundPct,
	})
}
