package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/cyclegrid/bikeshare/internal/crews"
	"github.com/cyclegrid/bikeshare/internal/service"
)

type AdminHandler struct {
	rebalance   service.RebalanceService
	adjustments service.AdjustmentService
}

func NewAdminHandler(rebalance service.RebalanceService, adjustments service.AdjustmentService) *AdminHandler {
	return &AdminHandler{rebalance: rebalance, adjustments: adjustments}
}

type scheduleRequest struct {
	StationID string          `json:"station_id"`
	Direction crews.Direction `json:"direction"`
	Bikes     int             `json:"bikes"`
	Window    time.Time       `json:"window_start"`
	Reason    string          `json:"reason"`
}

// ScheduleRebalance handles POST /v1/admin/rebalance/jobs.
func (h *AdminHandler) ScheduleRebalance(c echo.Context) error {
	var req scheduleRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	if req.Direction != crews.DirectionDropOff && req.Direction != crews.DirectionPickUp {
		return echo.NewHTTPError(http.StatusBadRequest, "direction must be drop_off or pick_up")
	}
	if req.Window.IsZero() || req.Window.Before(time.Now().Add(-time.Hour)) {
		return echo.NewHTTPError(http.StatusBadRequest, "window_start is required and must not be in the past")
	}
	if req.Reason == "" {
		req.Reason = "manual"
	}
	job, err := h.rebalance.Schedule(c.Request().Context(), service.ScheduleInput{
		StationID:   req.StationID,
		Direction:   req.Direction,
		Bikes:       req.Bikes,
		Slot:        req.Window,
		Reason:      req.Reason,
		RequestedBy: opsUser(c),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, job)
}

type creditRequest struct {
	AmountCents int64  `json:"amount_cents"`
	Reason      string `json:"reason"`
}

// CreditRide handles POST /v1/admin/rides/:id/credits.
func (h *AdminHandler) CreditRide(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	var req creditRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	ticket, err := h.adjustments.CreditRide(c.Request().Context(), service.AdjustmentInput{
		RideID:      id,
		AmountCents: req.AmountCents,
		Reason:      req.Reason,
		RequestedBy: opsUser(c),
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, ticket)
}
