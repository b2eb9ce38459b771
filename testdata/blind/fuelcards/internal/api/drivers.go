package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/ridgeline-fleet/fuelcards/internal/domain"
	"github.com/ridgeline-fleet/fuelcards/internal/pipeline"
	"github.com/ridgeline-fleet/fuelcards/internal/service/drivers"
)

// DriverService manages fleet rosters.
type DriverService interface {
	Register(ctx context.Context, cmd drivers.Register) (domain.Driver, error)
	List(ctx context.Context, fleetID uuid.UUID) ([]domain.Driver, error)
}

// DriverHandlers serves /v1/fleets/:fleet_id/drivers.
type DriverHandlers struct {
	register pipeline.Handler[drivers.Register, domain.Driver]
	list     func(ctx context.Context, fleetID uuid.UUID) ([]domain.Driver, error)
}

// NewDriverHandlers builds the handlers.
func NewDriverHandlers(svc DriverService, log *slog.Logger) *DriverHandlers {
	return &DriverHandlers{
		register: decorate(log, "drivers.register", svc.Register),
		list:     svc.List,
	}
}

type driverJSON struct {
	ID             uuid.UUID `json:"id"`
	FleetID        uuid.UUID `json:"fleet_id"`
	FullName       string    `json:"full_name"`
	Phone          string    `json:"phone"`
	EmployeeNumber *string   `json:"employee_number,omitempty"`
	Status         string    `json:"status"`
}

func toDriverJSON(d domain.Driver) driverJSON {
	return driverJSON{ID: d.ID, FleetID: d.FleetID, FullName: d.FullName, Phone: d.PhoneE164,
		EmployeeNumber: d.EmployeeNumber, Status: d.Status}
}

func fleetIDParam(c echo.Context) (uuid.UUID, error) {
	id, err := uuid.Parse(c.Param("fleet_id"))
	if err != nil {
		return uuid.Nil, domain.Invalid("fleet_id", "must be a UUID")
	}
	return id, nil
}

// Register handles POST /v1/fleets/:fleet_id/drivers.
func (h *DriverHandlers) Register(c echo.Context) error {
	var cmd drivers.Register
	if err := c.Bind(&cmd); err != nil {
		return err
	}
	fleetID, err := fleetIDParam(c)
	if err != nil {
		return err
	}
	cmd.FleetID = fleetID
	d, err := h.register(c.Request().Context(), cmd)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toDriverJSON(d))
}

// List handles GET /v1/fleets/:fleet_id/drivers.
func (h *DriverHandlers) List(c echo.Context) error {
	fleetID, err := fleetIDParam(c)
	if err != nil {
		return err
	}
	ds, err := h.list(c.Request().Context(), fleetID)
	if err != nil {
		return err
	}
	out := make([]driverJSON, len(ds))
	for i, d := range ds {
		out[i] = toDriverJSON(d)
	}
	return c.JSON(http.StatusOK, map[string]any{"drivers": out})
}
