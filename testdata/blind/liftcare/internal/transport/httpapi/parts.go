package httpapi

import (
	"errors"
	"net/http"

	"github.com/google/uuid"
	"github.com/labstack/echo/v4"

	"github.com/liftwell-systems/liftcare/internal/service/parts"
)

type partsOrderRequest struct {
	CalloutID *uuid.UUID `json:"callout_id"`
	SKU       string     `json:"sku"`
	Quantity  int32      `json:"quantity"`
}

func (r *partsOrderRequest) Validate() error {
	if r.SKU == "" || r.Quantity <= 0 {
		return errors.New("sku and a positive quantity are required")
	}
	return nil
}

// CreatePartsOrder handles POST /v1/parts-orders. The technician app sends
// an Idempotency-Key header generated once per order form.
func (h *Handlers) CreatePartsOrder(c echo.Context) error {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	req, err := bind[partsOrderRequest](c)
	if err != nil {
		return err
	}
	id, err := h.Parts.CreateOrder(c.Request().Context(), parts.NewOrder{
		RequestKey: key,
		CalloutID:  req.CalloutID,
		SKU:        req.SKU,
		Quantity:   req.Quantity,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{"order_id": id})
}
