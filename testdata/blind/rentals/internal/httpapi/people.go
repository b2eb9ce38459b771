package httpapi

import (
	"errors"
	"net/http"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/gearloop/rentals/internal/service"
)

// MessageHandlers serves renter/owner messaging.
type MessageHandlers struct {
	messaging service.Messaging
}

// NewMessageHandlers builds the handler group.
func NewMessageHandlers(m service.Messaging) *MessageHandlers {
	return &MessageHandlers{messaging: m}
}

type sendMessageRequest struct {
	service.SendMessageInput
}

func (r *sendMessageRequest) Validate() error {
	if r.Body == "" {
		return errors.New("body is required")
	}
	if utf8.RuneCountInString(r.Body) > 4000 {
		return errors.New("body is too long")
	}
	if r.ClientMessageID == "" {
		return errors.New("client_message_id is required")
	}
	return nil
}

// Send handles POST /v1/threads/:id/messages.
func (h *MessageHandlers) Send(c echo.Context) error {
	req, err := bind[sendMessageRequest](c)
	if err != nil {
		return err
	}
	msg, err := h.messaging.Send(c.Request().Context(), userID(c), c.Param("id"), req.SendMessageInput)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, msg)
}

// IdentityHandlers serves identity verification.
type IdentityHandlers struct {
	identity service.Identity
}

// NewIdentityHandlers builds the handler group.
func NewIdentityHandlers(i service.Identity) *IdentityHandlers {
	return &IdentityHandlers{identity: i}
}

// Start handles POST /v1/me/verification.
func (h *IdentityHandlers) Start(c echo.Context) error {
	locale := c.Request().Header.Get("Accept-Language")
	v, err := h.identity.Start(c.Request().Context(), userID(c), locale)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, v)
}

// DeliveryHandlers serves courier scheduling.
type DeliveryHandlers struct {
	deliveries service.Deliveries
}

// NewDeliveryHandlers builds the handler group.
func NewDeliveryHandlers(d service.Deliveries) *DeliveryHandlers {
	return &DeliveryHandlers{deliveries: d}
}

type scheduleDeliveryRequest struct {
	service.ScheduleDeliveryInput
}

func (r *scheduleDeliveryRequest) Validate() error {
	if r.Pickup.Line1 == "" || r.Dropoff.Line1 == "" {
		return errors.New("pickup and dropoff addresses are required")
	}
	if r.WindowStart.IsZero() {
		return errors.New("window_start is required")
	}
	if r.ParcelSize == "" {
		r.ParcelSize = "medium"
	}
	return nil
}

// Schedule handles POST /v1/bookings/:id/delivery.
func (h *DeliveryHandlers) Schedule(c echo.Context) error {
	req, err := bind[scheduleDeliveryRequest](c)
	if err != nil {
		return err
	}
	d, err := h.deliveries.ScheduleOutbound(c.Request().Context(), userID(c), c.Param("id"), req.ScheduleDeliveryInput)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, d)
}
