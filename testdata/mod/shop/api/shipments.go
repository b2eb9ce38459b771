package api

import (
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"
)

type shipmentRequest struct {
	CustomerID string `json:"customer_id"`
	TotalCents int64  `json:"total_cents"`
}

// EchoRoutes registers the shipment handlers on an echo instance.
func (s *Server) EchoRoutes(e *echo.Echo) {
	e.POST("/shipments", s.CreateShipmentOrder)
	e.POST("/v2/shipments", s.CreateShipmentOrderIdempotent)
}

// CreateShipmentOrder makes the id here and lets store.Orders.Insert
// write it: the fresh value crosses into package store.
func (s *Server) CreateShipmentOrder(c echo.Context) error {
	var req shipmentRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, err.Error())
	}
	id := uuid.New().String() // finding: IDEM001 fix: c.Request().Header.Get("Idempotency-Key")
	if err := s.Orders.Insert(c.Request().Context(), id, req.CustomerID, req.TotalCents); err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{"id": id})
}

// CreateShipmentOrderIdempotent passes store.Orders.Insert an id derived
// from the Idempotency-Key header: no fresh id, but the store's INSERT has
// no conflict clause, so a retry fails on the row the first attempt
// inserted.
func (s *Server) CreateShipmentOrderIdempotent(c echo.Context) error {
	var req shipmentRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, err.Error())
	}
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key required")
	}
	id := uuid.NewSHA1(uuid.NameSpaceOID, []byte(key+"|orders")).String()                              // safe: derived from the Idempotency-Key header
	if err := s.Orders.Insert(c.Request().Context(), id, req.CustomerID, req.TotalCents); err != nil { // finding: IDEM005
		return err
	}
	return c.JSON(http.StatusCreated, map[string]string{"id": id})
}
