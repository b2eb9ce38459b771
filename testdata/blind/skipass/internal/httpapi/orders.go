package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/summitline/skipass/internal/httpapi/middleware"
	"github.com/summitline/skipass/internal/service"
)

type checkoutRequest struct {
	Lines []struct {
		ProductID string `json:"product_id"`
		Date      string `json:"date"`
		Quantity  int    `json:"quantity"`
	} `json:"lines"`
}

type checkoutResponse struct {
	OrderID      string `json:"order_id"`
	ClientSecret string `json:"client_secret"`
	TotalCents   int64  `json:"total_cents"`
	Currency     string `json:"currency"`
}

// checkout reserves day tickets and opens the card payment.
func (h *Handlers) checkout(c echo.Context) error {
	key := c.Request().Header.Get(middleware.HeaderIdempotencyKey)
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	req, err := bind[checkoutRequest](c)
	if err != nil {
		return err
	}
	in := service.CheckoutInput{IdempotencyKey: key, AccountID: middleware.AccountID(c)}
	for _, l := range req.Lines {
		d, err := parseDate(l.Date, h.tz)
		if err != nil {
			return err
		}
		in.Lines = append(in.Lines, service.CheckoutLine{ProductID: l.ProductID, Date: d, Quantity: l.Quantity})
	}
	res, err := h.Orders.Checkout(c.Request().Context(), in)
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if res.Replayed {
		status = http.StatusOK
	}
	return c.JSON(status, checkoutResponse{
		OrderID:      res.OrderID,
		ClientSecret: res.ClientSecret,
		TotalCents:   res.TotalCents,
		Currency:     res.Currency,
	})
}

// confirmOrder is called by the web shop after the payment sheet closes.
func (h *Handlers) confirmOrder(c echo.Context) error {
	o, err := h.Orders.Confirm(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	if o.AccountID != middleware.AccountID(c) {
		return echo.NewHTTPError(http.StatusNotFound)
	}
	return c.JSON(http.StatusOK, map[string]any{"order_id": o.ID, "status": o.Status})
}

func (h *Handlers) cancelOrder(c echo.Context) error {
	if err := h.Orders.Cancel(c.Request().Context(), c.Param("id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
