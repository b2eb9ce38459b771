package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/cyclegrid/bikeshare/internal/service"
)

type RideHandler struct {
	rides       service.RideService
	maintenance service.MaintenanceService
}

func NewRideHandler(rides service.RideService, maintenance service.MaintenanceService) *RideHandler {
	return &RideHandler{rides: rides, maintenance: maintenance}
}

type unlockRequest struct {
	DockID      string `json:"dock_id"`
	BikeID      string `json:"bike_id"`
	PaymentMode string `json:"payment_mode"`
}

// Unlock handles POST /v1/rides.
func (h *RideHandler) Unlock(c echo.Context) error {
	var req unlockRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	if req.DockID == "" || req.BikeID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "dock_id and bike_id are required")
	}
	if req.PaymentMode != "" && req.PaymentMode != "card" && req.PaymentMode != "wallet" {
		return echo.NewHTTPError(http.StatusBadRequest, "payment_mode must be card or wallet")
	}
	res, err := h.rides.Unlock(c.Request().Context(), service.UnlockInput{
		RiderID:        riderID(c),
		DockID:         req.DockID,
		BikeID:         req.BikeID,
		PaymentMode:    req.PaymentMode,
		IdempotencyKey: idempotencyKey(c),
	})
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if res.Replayed {
		status = http.StatusOK
	}
	return c.JSON(status, res)
}

type endRideRequest struct {
	DockID string `json:"dock_id"`
}

// End handles POST /v1/rides/:id/end, used when the dock did not report
// the return.
func (h *RideHandler) End(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	var req endRideRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	res, err := h.rides.EndManually(c.Request().Context(), riderID(c), id, req.DockID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"ride_id":    res.Ride.ID,
		"status":     res.Ride.Status,
		"fare_cents": res.Ride.FareCents.Int64,
	})
}

type damageRequest struct {
	Category    string `json:"category"`
	Description string `json:"description"`
	PhotoURL    string `json:"photo_url"`
}

// ReportDamage handles POST /v1/rides/:id/damage-reports.
func (h *RideHandler) ReportDamage(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	var req damageRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	report, err := h.maintenance.ReportDamage(c.Request().Context(), service.DamageInput{
		RiderID:     riderID(c),
		RideID:      id,
		Category:    req.Category,
		Description: req.Description,
		PhotoURL:    req.PhotoURL,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]any{"id": report.ID, "created_at": report.CreatedAt})
}
