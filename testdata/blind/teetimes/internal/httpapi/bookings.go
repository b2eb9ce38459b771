package httpapi

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/fairwaylinks/teetimes/internal/domain"
	"github.com/fairwaylinks/teetimes/internal/service"
)

type bookingView struct {
	ID             string     `json:"id"`
	TeeTimeID      string     `json:"tee_time_id"`
	CourseID       string     `json:"course_id"`
	Players        int        `json:"players"`
	Carts          int        `json:"carts"`
	GreenFeeCents  int64      `json:"green_fee_cents"`
	CartFeeCents   int64      `json:"cart_fee_cents"`
	CreditCents    int64      `json:"credit_cents"`
	AmountDueCents int64      `json:"amount_due_cents"`
	Currency       string     `json:"currency"`
	Status         string     `json:"status"`
	ClientSecret   string     `json:"client_secret,omitempty"`
	CheckedInAt    *time.Time `json:"checked_in_at,omitempty"`
	CancelledAt    *time.Time `json:"cancelled_at,omitempty"`
	CreatedAt      time.Time  `json:"created_at"`
}

func toBookingView(b *domain.Booking, clientSecret string) bookingView {
	return bookingView{
		ID:             b.ID,
		TeeTimeID:      b.TeeTimeID,
		CourseID:       b.CourseID,
		Players:        b.Players,
		Carts:          b.Carts,
		GreenFeeCents:  b.GreenFeeCents,
		CartFeeCents:   b.CartFeeCents,
		CreditCents:    b.CreditCents,
		AmountDueCents: b.AmountDueCents,
		Currency:       b.Currency,
		Status:         string(b.Status),
		ClientSecret:   clientSecret,
		CheckedInAt:    b.CheckedInAt,
		CancelledAt:    b.CancelledAt,
		CreatedAt:      b.CreatedAt,
	}
}

// ListTeeTimes handles GET /v1/courses/:courseId/tee-times?date=YYYY-MM-DD.
func (h *Handler) ListTeeTimes(c echo.Context) error {
	day, err := time.Parse("2006-01-02", c.QueryParam("date"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "date must be YYYY-MM-DD")
	}
	slots, err := h.bookings.Availability(c.Request().Context(), c.Param("courseId"), day)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, map[string]any{"tee_times": slots})
}

type createBookingRequest struct {
	TeeTimeID string `json:"tee_time_id"`
	Players   int    `json:"players"`
	Carts     int    `json:"carts"`
}

// CreateBooking handles POST /v1/bookings.
func (h *Handler) CreateBooking(c echo.Context) error {
	var req createBookingRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	b, err := h.bookings.Create(c.Request().Context(), service.CreateBookingInput{
		IdempotencyKey: idempotencyKey(c),
		TeeTimeID:      req.TeeTimeID,
		MemberID:       memberID(c),
		Players:        req.Players,
		Carts:          req.Carts,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, toBookingView(b, ""))
}

// GetBooking handles GET /v1/bookings/:id.
func (h *Handler) GetBooking(c echo.Context) error {
	b, err := h.ownBooking(c)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toBookingView(b, ""))
}

// CheckoutBooking handles POST /v1/bookings/:id/checkout.
func (h *Handler) CheckoutBooking(c echo.Context) error {
	b, err := h.ownBooking(c)
	if err != nil {
		return err
	}
	res, err := h.bookings.Checkout(c.Request().Context(), b.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toBookingView(res.Booking, res.ClientSecret))
}

type setCartsRequest struct {
	Carts int `json:"carts"`
}

// SetCarts handles PUT /v1/bookings/:id/carts.
func (h *Handler) SetCarts(c echo.Context) error {
	b, err := h.ownBooking(c)
	if err != nil {
		return err
	}
	var req setCartsRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	updated, err := h.bookings.SetCarts(c.Request().Context(), b.ID, req.Carts)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toBookingView(updated, ""))
}

type cancelBookingRequest struct {
	Reason string `json:"reason"`
}

// CancelBooking handles POST /v1/bookings/:id/cancel.
func (h *Handler) CancelBooking(c echo.Context) error {
	b, err := h.ownBooking(c)
	if err != nil {
		return err
	}
	var req cancelBookingRequest
	if err := bind(c, &req); err != nil {
		return err
	}
	cancelled, err := h.bookings.Cancel(c.Request().Context(), b.ID, req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toBookingView(cancelled, ""))
}

// CheckInBooking handles POST /v1/staff/bookings/:id/checkin. The starter
// taps the group in on the tablet at the first tee.
func (h *Handler) CheckInBooking(c echo.Context) error {
	b, err := h.bookings.CheckIn(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, toBookingView(b, ""))
}

func (h *Handler) ownBooking(c echo.Context) (*domain.Booking, error) {
	b, err := h.bookings.Get(c.Request().Context(), c.Param("id"))
	if err != nil {
		return nil, err
	}
	if b.MemberID != memberID(c) {
		return nil, echo.NewHTTPError(http.StatusNotFound, "booking not found")
	}
	return b, nil
}
