package httpapi

import (
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/liftwell-systems/liftcare/internal/service/callout"
)

type reportBreakdownRequest struct {
	LiftID      uuid.UUID `json:"lift_id"`
	Description string    `json:"description"`
	Priority    int32     `json:"priority"`
	Trapped     bool      `json:"passengers_trapped"`
}

func (r *reportBreakdownRequest) Validate() error {
	if r.LiftID == uuid.Nil {
		return errors.New("lift_id is required")
	}
	if r.Priority < 0 || r.Priority > 5 {
		return errors.New("priority must be 1-5")
	}
	return nil
}

// ReportBreakdown handles POST /v1/callouts from the building portal and
// the phone desk.
func (h *Handlers) ReportBreakdown(c echo.Context) error {
	req, err := bind[reportBreakdownRequest](c)
	if err != nil {
		return err
	}
	if req.Trapped {
		req.Priority = 1
	}
	id := uuid.New()
	err = h.Callouts.Report(c.Request().Context(), callout.Report{
		ID:          id,
		LiftID:      req.LiftID,
		Description: req.Description,
		Priority:    req.Priority,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"callout_id": id, "status": "open"})
}

type assignRequest struct {
	TechnicianID uuid.UUID `json:"technician_id"`
}

// AssignTechnician handles POST /v1/callouts/:id/assign (dispatch desk).
func (h *Handlers) AssignTechnician(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bind[assignRequest](c)
	if err != nil {
		return err
	}
	if err := h.Callouts.Assign(c.Request().Context(), id, req.TechnicianID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type completeRequest struct {
	Minutes int32  `json:"minutes_on_site"`
	Notes   string `json:"notes"`
}

// CompleteCallout handles POST /v1/callouts/:id/complete from the
// technician app.
func (h *Handlers) CompleteCallout(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bind[completeRequest](c)
	if err != nil {
		return err
	}
	err = h.Callouts.Complete(c.Request().Context(), id, callout.Completion{Minutes: req.Minutes, Notes: req.Notes})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
