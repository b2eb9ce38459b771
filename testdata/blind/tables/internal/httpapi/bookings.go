package httpapi

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablewise/reservations/internal/booking"
	"github.com/tablewise/reservations/internal/deposit"
	"github.com/tablewise/reservations/internal/idempotency"
)

// BookingHandler serves diner booking routes.
type BookingHandler struct {
	bookings booking.Service
	deposits deposit.Service
}

func NewBookingHandler(b booking.Service, d deposit.Service) *BookingHandler {
	return &BookingHandler{bookings: b, deposits: d}
}

type createBookingRequest struct {
	RestaurantID string `json:"restaurant_id"`
	SlotID       string `json:"slot_id"`
	PartySize    int32  `json:"party_size"`
}

// Create handles POST /v1/bookings.
func (h *BookingHandler) Create(c echo.Context) error {
	key := c.Request().Header.Get("Idempotency-Key")
	if key == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "Idempotency-Key header is required")
	}
	req, raw, err := readJSON[createBookingRequest](c)
	if err != nil {
		return err
	}
	if req.RestaurantID == "" || req.SlotID == "" || req.PartySize <= 0 {
		return echo.NewHTTPError(http.StatusBadRequest, "restaurant_id, slot_id and party_size are required")
	}

	res, err := h.bookings.Create(c.Request().Context(), booking.CreateInput{
		IdempotencyKey: key,
		RequestHash:    idempotency.Hash(raw),
		DinerID:        principal(c).ID,
		RestaurantID:   req.RestaurantID,
		SlotID:         req.SlotID,
		PartySize:      req.PartySize,
	})
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if res.Replayed {
		status = http.StatusOK
	}
	return c.JSON(status, toBookingView(res.Booking))
}

// Get handles GET /v1/bookings/:id.
func (h *BookingHandler) Get(c echo.Context) error {
	b, err := h.bookings.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	if b.DinerID.String != principal(c).ID {
		return booking.ErrNotFound
	}
	return c.JSON(http.StatusOK, toBookingView(b))
}

type payDepositRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

// PayDeposit handles POST /v1/bookings/:id/deposit.
func (h *BookingHandler) PayDeposit(c echo.Context) error {
	ctx := c.Request().Context()
	req, _, err := readJSON[payDepositRequest](c)
	if err != nil {
		return err
	}
	if req.PaymentMethodID == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "payment_method_id is required")
	}
	b, err := h.bookings.Get(ctx, c.Param("id"))
	if err != nil {
		return err
	}
	if b.DinerID.String != principal(c).ID {
		return booking.ErrNotFound
	}
	dep, err := h.deposits.Collect(ctx, b.ID, req.PaymentMethodID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toDepositView(dep))
}

type cancelResponse struct {
	Booking bookingView `json:"booking"`
	Refund  *refundView `json:"refund,omitempty"`
}

// Cancel handles POST /v1/bookings/:id/cancel.
func (h *BookingHandler) Cancel(c echo.Context) error {
	out, err := h.bookings.CancelByDiner(c.Request().Context(), principal(c).ID, c.Param("id"))
	if err != nil {
		return err
	}
	resp := cancelResponse{Booking: toBookingView(out.Booking)}
	if out.Refund != nil {
		resp.Refund = &refundView{ID: out.Refund.ID, Status: out.Refund.Status, AmountCents: out.Refund.AmountCents}
	}
	return c.JSON(http.StatusOK, resp)
}
