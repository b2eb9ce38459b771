package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/circuitback/buyback/internal/service"
)

const headerIdempotencyKey = "Idempotency-Key"

type quoteHandlers struct {
	quotes QuoteAPI
}

// create handles POST /v1/quotes.
func (h *quoteHandlers) create(c echo.Context) error {
	in, err := bind[service.CreateQuoteInput](c)
	if err != nil {
		return err
	}
	q, replay, err := h.quotes.Create(c.Request().Context(), in, c.Request().Header.Get(headerIdempotencyKey))
	if err != nil {
		return err
	}
	if replay {
		c.Response().Header().Set("Idempotent-Replayed", "true")
		return c.JSON(http.StatusOK, q)
	}
	return c.JSON(http.StatusCreated, q)
}

// get handles GET /v1/quotes/:id.
func (h *quoteHandlers) get(c echo.Context) error {
	id, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	q, err := h.quotes.Get(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, q)
}

// accept handles POST /v1/quotes/:id/accept.
func (h *quoteHandlers) accept(c echo.Context) error {
	id, err := uuidParam(c, "id")
	if err != nil {
		return err
	}
	in, err := bind[service.AcceptQuoteInput](c)
	if err != nil {
		return err
	}
	if in.ShipFrom.Line1 == "" || in.ShipFrom.Postal == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "ship_from address is required")
	}
	res, err := h.quotes.Accept(c.Request().Context(), id, in)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}
