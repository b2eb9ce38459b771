package admin

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/service/tolling"
)

// TripRoutes are the trip and tariff back-office endpoints.
type TripRoutes struct {
	tolling tolling.Service
}

// NewTripRoutes returns TripRoutes.
func NewTripRoutes(t tolling.Service) *TripRoutes {
	return &TripRoutes{tolling: t}
}

// Register implements Route.
func (r *TripRoutes) Register(g *echo.Group, _ *echo.Echo) {
	g.POST("/trips/:id/void", r.void)
	g.PUT("/tariffs", r.putTariff)
}

type voidRequest struct {
	Reason string `json:"reason"`
}

func (r *TripRoutes) void(c echo.Context) error {
	var req voidRequest
	if err := c.Bind(&req); err != nil || req.Reason == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "reason is required")
	}
	trip, err := r.tolling.VoidTrip(c.Request().Context(), c.Param("id"), agent(c), req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, trip)
}

type tariffRequest struct {
	EntryPlaza    string    `json:"entry_plaza"`
	ExitPlaza     string    `json:"exit_plaza"`
	VehicleClass  int       `json:"vehicle_class"`
	EffectiveFrom time.Time `json:"effective_from"`
	AmountCents   int64     `json:"amount_cents"`
}

func (r *TripRoutes) putTariff(c echo.Context) error {
	var req tariffRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid body")
	}
	t := &domain.Tariff{
		EntryPlaza:    req.EntryPlaza,
		ExitPlaza:     req.ExitPlaza,
		VehicleClass:  req.VehicleClass,
		EffectiveFrom: req.EffectiveFrom,
		AmountCents:   req.AmountCents,
		UpdatedBy:     agent(c),
	}
	if err := r.tolling.UpsertTariff(c.Request().Context(), t); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, t)
}
