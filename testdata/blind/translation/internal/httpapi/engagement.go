package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/polyglotdesk/marketplace/internal/service"
)

// EngagementHandler serves messages, disputes and paper copies.
type EngagementHandler struct {
	Engagement service.EngagementService
}

// PostMessage adds a message to the job thread.
func (h *EngagementHandler) PostMessage(c echo.Context) error {
	var in service.MessageInput
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	msg, err := h.Engagement.PostMessage(c.Request().Context(), principal(c).ID, c.Param("id"), in)
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusCreated, msg)
}

// OpenDispute raises a dispute on a delivery.
func (h *EngagementHandler) OpenDispute(c echo.Context) error {
	var in service.DisputeInput
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	d, err := h.Engagement.OpenDispute(c.Request().Context(), principal(c).ID, c.Param("id"), in)
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusCreated, d)
}

// OrderCopies books the courier for sworn paper copies.
func (h *EngagementHandler) OrderCopies(c echo.Context) error {
	var in service.CopiesInput
	if err := c.Bind(&in); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "invalid JSON")
	}
	sh, err := h.Engagement.OrderCopies(c.Request().Context(), principal(c).ID, c.Param("id"), in)
	if err != nil {
		return toHTTP(err)
	}
	return c.JSON(http.StatusCreated, sh)
}
