package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/velvetchair/salon/internal/core/services"
)

type AppointmentHandler struct {
	booking  *services.BookingService
	checkout *services.CheckoutService
}

func NewAppointmentHandler(b *services.BookingService, c *services.CheckoutService) *AppointmentHandler {
	return &AppointmentHandler{booking: b, checkout: c}
}

func (h *AppointmentHandler) Register(e *echo.Echo) {
	g := e.Group("/v1/appointments")
	g.POST("", h.create, RequireIdempotencyKey)
	g.POST("/:id/cancel", h.cancel)
	g.POST("/:id/reschedule", h.reschedule)
	g.POST("/:id/checkout", h.complete)
	g.POST("/:id/no-show", h.noShow)
	g.POST("/:id/settle", h.settle)
}

func (h *AppointmentHandler) create(c echo.Context) error {
	req, err := bind[services.BookRequest](c)
	if err != nil {
		return err
	}
	res, err := h.booking.Book(c.Request().Context(), idempotencyKey(c), req)
	if err != nil {
		return err
	}
	return c.JSON(res.Status, res)
}

type cancelBody struct {
	Reason string `json:"reason"`
}

func (h *AppointmentHandler) cancel(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[cancelBody](c)
	if err != nil {
		return err
	}
	if body.Reason == "" {
		body.Reason = "client_request"
	}
	appt, err := h.booking.Cancel(c.Request().Context(), id, body.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, appt)
}

type rescheduleBody struct {
	StartsAt time.Time `json:"starts_at"`
}

func (h *AppointmentHandler) reschedule(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	body, err := bind[rescheduleBody](c)
	if err != nil {
		return err
	}
	appt, err := h.booking.Reschedule(c.Request().Context(), id, body.StartsAt)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, appt)
}

func (h *AppointmentHandler) complete(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	appt, err := h.checkout.Complete(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, appt)
}

func (h *AppointmentHandler) noShow(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	if err := h.booking.MarkNoShow(c.Request().Context(), id); err != nil {
		return err
	}
	return c.NoContent(http.StatusAccepted)
}

func (h *AppointmentHandler) settle(c echo.Context) error {
	id, err := pathUUID(c, "id")
	if err != nil {
		return err
	}
	req, err := bind[services.SettleRequest](c)
	if err != nil {
		return err
	}
	res, err := h.checkout.Settle(c.Request().Context(), id, req)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}
