package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/lumen-gift/giftcards/internal/service"
)

type cardHandler struct {
	cards service.Cards
}

func (h *cardHandler) get(c echo.Context) error {
	v, err := h.cards.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

func (h *cardHandler) activate(c echo.Context) error {
	v, err := h.cards.Activate(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, v)
}

type resendRequest struct {
	Channel string `json:"channel"`
}

func (h *cardHandler) resend(c echo.Context) error {
	var req resendRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	d, err := h.cards.ResendCode(c.Request().Context(), c.Param("id"), req.Channel)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusAccepted, map[string]string{"delivery_id": d.ID, "status": d.Status})
}

func (h *cardHandler) retryDelivery(c echo.Context) error {
	if err := h.cards.RetryDelivery(c.Request().Context(), c.Param("id"), c.Param("delivery_id")); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}

func (h *cardHandler) gift(c echo.Context) error {
	var req service.GiftRequest
	if err := c.Bind(&req); err != nil {
		return err
	}
	if err := h.cards.Gift(c.Request().Context(), c.Param("id"), req); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
