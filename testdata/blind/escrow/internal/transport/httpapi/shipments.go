package httpapi

import (
	"net/http"
	"time"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/acme/escrow/internal/fulfilment"
	"github.com/acme/escrow/internal/provider/shipping"
)

type bookShipmentRequest struct {
	EscrowID string           `json:"escrow_id"`
	From     shipping.Address `json:"from"`
	To       shipping.Address `json:"to"`
	Parcel   shipping.Parcel  `json:"parcel"`
	Service  string           `json:"service"`
}

func (h *Handlers) bookShipment(c echo.Context) error {
	var req bookShipmentRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	sh, err := h.shipments.BookLabel(c.Request().Context(), fulfilment.LabelInput{
		EscrowID: req.EscrowID,
		From:     req.From,
		To:       req.To,
		Parcel:   req.Parcel,
		Service:  req.Service,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, sh)
}

type pickupRequest struct {
	Address     shipping.Address `json:"address"`
	WindowStart time.Time        `json:"window_start"`
	WindowEnd   time.Time        `json:"window_end"`
}

func (h *Handlers) schedulePickup(c echo.Context) error {
	shipmentID, err := uuid.Parse(c.Param("id"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	var req pickupRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	p, err := h.shipments.SchedulePickup(c.Request().Context(), fulfilment.PickupInput{
		ShipmentID:  shipmentID,
		Address:     req.Address,
		WindowStart: req.WindowStart,
		WindowEnd:   req.WindowEnd,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, p)
}
