package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// ActivateContract handles POST /v1/contracts/:id/activate (sales desk,
// once the owner has signed).
func (h *Handlers) ActivateContract(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	if err := h.Contracts.Activate(c.Request().Context(), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

type termRequest struct {
	EndsOn string `json:"ends_on"`
}

// RenewContract handles PUT /v1/contracts/:id/term.
func (h *Handlers) RenewContract(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bind[termRequest](c)
	if err != nil {
		return err
	}
	endsOn, err := time.Parse(time.DateOnly, req.EndsOn)
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "ends_on must be YYYY-MM-DD")
	}
	if err := h.Contracts.Renew(c.Request().Context(), id, endsOn); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
