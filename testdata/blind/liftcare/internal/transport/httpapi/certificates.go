package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

type amendmentRequest struct {
	Reason string `json:"reason"`
}

// RequestAmendment handles POST /v1/certificates/:no/amendments.
func (h *Handlers) RequestAmendment(c echo.Context) error {
	req, err := bind[amendmentRequest](c)
	if err != nil {
		return err
	}
	id, err := h.Certificates.RequestAmendment(c.Request().Context(), c.Param("no"), req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]any{"amendment_id": id})
}
