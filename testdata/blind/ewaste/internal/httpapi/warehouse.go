package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/circuitback/buyback/internal/service"
)

type warehouseHandlers struct {
	warehouse WarehouseAPI
}

// checkIn handles POST /v1/warehouse/shipments/:id/checkin, called by the
// receiving scanners when a parcel is opened.
func (h *warehouseHandlers) checkIn(c echo.Context) error {
	shipmentID, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	in, err := bind[service.CheckInInput](c)
	if err != nil {
		return err
	}
	if in.ReceivedBy == "" {
		in.ReceivedBy = staffID(c)
	}
	dev, created, err := h.warehouse.CheckIn(c.Request().Context(), shipmentID, in)
	if err != nil {
		return err
	}
	status := http.StatusOK
	if created {
		status = http.StatusCreated
	}
	return c.JSON(status, dev)
}

// grade handles POST /v1/warehouse/devices/:id/grade from the grading benches.
func (h *warehouseHandlers) grade(c echo.Context) error {
	deviceID, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	in, err := bind[service.GradeInput](c)
	if err != nil {
		return err
	}
	if in.GraderID == "" {
		in.GraderID = staffID(c)
	}
	g, err := h.warehouse.Grade(c.Request().Context(), deviceID, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, g)
}

// wipeResult handles POST /v1/warehouse/wipe-jobs/:id/result from the wipe
// stations.
func (h *warehouseHandlers) wipeResult(c echo.Context) error {
	jobID, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	in, err := bind[service.WipeResultInput](c)
	if err != nil {
		return err
	}
	job, err := h.warehouse.RecordWipeResult(c.Request().Context(), jobID, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, job)
}

// requestListing handles POST /v1/admin/devices/:id/list.
func (h *warehouseHandlers) requestListing(c echo.Context) error {
	deviceID, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	queued, err := h.warehouse.RequestListing(c.Request().Context(), deviceID, staffID(c))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]bool{"queued": queued})
}
