package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/apronworks/groundops/internal/deicing"
	"github.com/apronworks/groundops/internal/fuel"
)

type OpsHandlers struct {
	Fuel    FuelService
	Deicing DeicingService
}

type fuelRequest struct {
	RequestID  string `json:"request_id" binding:"required"`
	QuantityKg int    `json:"quantity_kg" binding:"required,gt=0"`
}

// requestFuel: POST /v1/turnarounds/:id/fuel-orders
func (h *OpsHandlers) requestFuel(c *gin.Context) {
	var req fuelRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	order, err := h.Fuel.RequestFuel(c.Request.Context(), c.Param("id"), fuel.RequestInput{
		RequestID:  req.RequestID,
		QuantityKg: req.QuantityKg,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusAccepted, order)
}

type deiceRequest struct {
	FluidType    string    `json:"fluid_type" binding:"required,oneof=TYPE_I TYPE_IV"`
	Litres       int       `json:"litres" binding:"required,gt=0"`
	AircraftType string    `json:"aircraft_type" binding:"required"`
	SlotAt       time.Time `json:"slot_at" binding:"required"`
}

// requestDeicing: POST /v1/turnarounds/:id/deicing
func (h *OpsHandlers) requestDeicing(c *gin.Context) {
	var req deiceRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	res, err := h.Deicing.Request(c.Request.Context(), c.Param("id"), deicing.RequestInput{
		FluidType:    req.FluidType,
		Litres:       req.Litres,
		AircraftType: req.AircraftType,
		SlotAt:       req.SlotAt,
	})
	if err != nil {
		writeError(c, err)
		return
	}
	c.JSON(http.StatusCreated, res)
}
