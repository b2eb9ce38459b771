package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/velvetchair/salon/internal/core/services"
)

type WaitlistHandler struct {
	waitlist *services.WaitlistService
}

func NewWaitlistHandler(w *services.WaitlistService) *WaitlistHandler {
	return &WaitlistHandler{waitlist: w}
}

func (h *WaitlistHandler) Register(e *echo.Echo) {
	e.POST("/v1/waitlist", h.join)
}

func (h *WaitlistHandler) join(c echo.Context) error {
	req, err := bind[services.JoinWaitlistRequest](c)
	if err != nil {
		return err
	}
	entry, err := h.waitlist.Join(c.Request().Context(), req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, entry)
}
