package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/amberfield-labs/honeycoop/internal/service/rentals"
)

type contractHandler struct {
	rentals rentals.Service
}

func (h *contractHandler) create(c echo.Context) error {
	var req rentals.NewContract
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	contract, created, err := h.rentals.CreateContract(c.Request().Context(), req)
	if err != nil {
		return err
	}
	if created {
		return c.JSON(http.StatusCreated, contract)
	}
	return c.JSON(http.StatusOK, contract)
}

// place is called by the beekeepers' field app when hives are dropped on a
// field. The app queues the call offline and replays it until it gets a 2xx.
func (h *contractHandler) place(c echo.Context) error {
	var req rentals.Placement
	if err := bindJSON(c, &req); err != nil {
		return err
	}
	p, err := h.rentals.RecordPlacement(c.Request().Context(), c.Param("id"), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, p)
}

func (h *contractHandler) close(c echo.Context) error {
	inv, err := h.rentals.CloseContract(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, inv)
}
