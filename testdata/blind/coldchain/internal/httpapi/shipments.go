package httpapi

import (
	"net/http"
	"time"

	"github.com/gin-gonic/gin"

	"github.com/frostline/coldchain/internal/db"
	"github.com/frostline/coldchain/internal/shipment"
)

type bookShipmentRequest struct {
	Reference   string    `json:"reference" binding:"required"`
	Origin      string    `json:"origin" binding:"required"`
	Destination string    `json:"destination" binding:"required"`
	Commodity   string    `json:"commodity" binding:"required"`
	TempMinC    float64   `json:"temp_min_c"`
	TempMaxC    float64   `json:"temp_max_c"`
	PickupAt    time.Time `json:"pickup_at" binding:"required"`
	CrossBorder bool      `json:"cross_border"`
	PriceCents  int64     `json:"price_cents" binding:"required"`
	Currency    string    `json:"currency"`
}

type shipmentResponse struct {
	ID            string    `json:"id"`
	Reference     string    `json:"reference"`
	Origin        string    `json:"origin"`
	Destination   string    `json:"destination"`
	Commodity     string    `json:"commodity"`
	TempMinC      float64   `json:"temp_min_c"`
	TempMaxC      float64   `json:"temp_max_c"`
	PickupAt      time.Time `json:"pickup_at"`
	CrossBorder   bool      `json:"cross_border"`
	Status        string    `json:"status"`
	DoorOpenCount int32     `json:"door_open_count"`
	PriceCents    int64     `json:"price_cents"`
	Currency      string    `json:"currency"`
	CreatedAt     time.Time `json:"created_at"`
}

func toShipmentResponse(s db.Shipment) shipmentResponse {
	return shipmentResponse{
		ID:            s.ID,
		Reference:     s.ShipperReference,
		Origin:        s.Origin,
		Destination:   s.Destination,
		Commodity:     s.Commodity,
		TempMinC:      s.TempMinC,
		TempMaxC:      s.TempMaxC,
		PickupAt:      s.PickupAt,
		CrossBorder:   s.CrossBorder,
		Status:        s.Status,
		DoorOpenCount: s.DoorOpenCount,
		PriceCents:    s.PriceCents,
		Currency:      s.Currency,
		CreatedAt:     s.CreatedAt,
	}
}

func (h *Handlers) bookShipment(c *gin.Context) {
	var req bookShipmentRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	sh, err := h.Shipments.Book(c.Request.Context(), shipment.BookInput{
		ShipperID:        c.GetString(ctxShipperID),
		ShipperReference: req.Reference,
		Origin:           req.Origin,
		Destination:      req.Destination,
		Commodity:        req.Commodity,
		TempMinC:         req.TempMinC,
		TempMaxC:         req.TempMaxC,
		PickupAt:         req.PickupAt,
		CrossBorder:      req.CrossBorder,
		PriceCents:       req.PriceCents,
		Currency:         req.Currency,
	})
	if err != nil {
		h.fail(c, err)
		return
	}
	c.JSON(http.StatusCreated, toShipmentResponse(sh))
}

type attachDeviceRequest struct {
	DeviceID string `json:"device_id" binding:"required"`
}

func (h *Handlers) attachDevice(c *gin.Context) {
	var req attachDeviceRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		badRequest(c, err)
		return
	}
	if err := h.Shipments.AttachDevice(c.Request.Context(), c.Param("id"), req.DeviceID); err != nil {
		h.fail(c, err)
		return
	}
	c.Status(http.StatusNoContent)
}
