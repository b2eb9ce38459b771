package httpapi

import (
	"context"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/harbourline-systems/pilotage/internal/duty"
	"github.com/harbourline-systems/pilotage/internal/jobs"
)

// Boarding is the pilot app's side of a job.
type Boarding interface {
	Board(ctx context.Context, jobID string, r jobs.BoardingReport) error
	Disembark(ctx context.Context, jobID string, r jobs.DisembarkReport) error
}

type DutyLog interface {
	RecordShift(ctx context.Context, rec duty.ShiftRecord) error
}

// PilotHandlers serve the pilot tablet app. The app queues requests while
// the pilot is out of coverage and replays them until it gets a 2xx.
type PilotHandlers struct {
	boarding Boarding
	duty     DutyLog
}

func NewPilotHandlers(b Boarding, d DutyLog) *PilotHandlers {
	return &PilotHandlers{boarding: b, duty: d}
}

func (h *PilotHandlers) Routes() []Route {
	return []Route{
		{http.MethodPost, "/v1/pilotage-jobs/:id/boarding", h.board},
		{http.MethodPost, "/v1/pilotage-jobs/:id/disembark", h.disembark},
		{http.MethodPost, "/v1/pilots/:pilotID/duty-shifts", h.recordShift},
	}
}

type boardingBody struct {
	PilotID   string    `json:"pilot_id"`
	At        time.Time `json:"at"`
	Latitude  *float64  `json:"lat"`
	Longitude *float64  `json:"lon"`
}

func (h *PilotHandlers) board(c echo.Context) error {
	var body boardingBody
	if err := c.Bind(&body); err != nil || body.PilotID == "" || body.At.IsZero() {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	err := h.boarding.Board(c.Request().Context(), c.Param("id"), jobs.BoardingReport{
		PilotID:   body.PilotID,
		At:        body.At,
		Latitude:  body.Latitude,
		Longitude: body.Longitude,
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

func (h *PilotHandlers) disembark(c echo.Context) error {
	var body boardingBody
	if err := c.Bind(&body); err != nil || body.PilotID == "" || body.At.IsZero() {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	err := h.boarding.Disembark(c.Request().Context(), c.Param("id"), jobs.DisembarkReport{
		PilotID: body.PilotID,
		At:      body.At,
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type shiftBody struct {
	ShiftID   string    `json:"shift_id"`
	JobID     *string   `json:"job_id"`
	StartedAt time.Time `json:"started_at"`
	EndedAt   time.Time `json:"ended_at"`
}

func (h *PilotHandlers) recordShift(c echo.Context) error {
	var body shiftBody
	if err := c.Bind(&body); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest)
	}
	err := h.duty.RecordShift(c.Request().Context(), duty.ShiftRecord{
		ShiftID:   body.ShiftID,
		PilotID:   c.Param("pilotID"),
		JobID:     body.JobID,
		StartedAt: body.StartedAt,
		EndedAt:   body.EndedAt,
	})
	if err != nil {
		return err
	}
	return c.NoContent(http.StatusCreated)
}
