package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

func (a *API) preauthorize(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	p, err := a.Billing.Preauthorize(c.Request().Context(), customer(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"payment_id":   p.ID,
		"status":       p.Status,
		"amount_cents": p.AmountCents,
	})
}

type tipBody struct {
	AmountCents int64 `json:"amount_cents"`
}

func (a *API) tip(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[tipBody](c)
	if err != nil {
		return err
	}
	p, err := a.Billing.ChargeTip(c.Request().Context(), customer(c), id, body.AmountCents)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"payment_id": p.ID, "status": p.Status})
}

func (a *API) bookPickup(c echo.Context) error {
	id, err := pathID(c, "id")
	if err != nil {
		return err
	}
	b, err := a.Dispatch.BookPickup(c.Request().Context(), customer(c), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{
		"booking_id":   b.ID,
		"status":       b.Status,
		"window_from":  b.WindowFrom,
		"window_to":    b.WindowTo,
		"tracking_url": b.TrackingURL,
	})
}
