package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/hearthkit/commissary/internal/service"
)

// BookingHandler serves /v1/bookings.
type BookingHandler struct {
	svc service.BookingService
}

// NewBookingHandler builds the handler.
func NewBookingHandler(svc service.BookingService) *BookingHandler {
	return &BookingHandler{svc: svc}
}

type createBookingRequest struct {
	KitchenID string    `json:"kitchen_id"`
	StartsAt  time.Time `json:"starts_at"`
	EndsAt    time.Time `json:"ends_at"`
}

// Create books a kitchen slot and places the deposit hold asynchronously.
func (h *BookingHandler) Create(c echo.Context) error {
	if err := requireRole(c, "renter"); err != nil {
		return err
	}
	var req createBookingRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	p := principal(c)
	b, err := h.svc.Create(c.Request().Context(), service.CreateBookingInput{
		IdempotencyKey: idempotencyKey(c),
		KitchenID:      req.KitchenID,
		RenterID:       p.ID,
		RenterEmail:    p.Email,
		RenterName:     p.Name,
		StartsAt:       req.StartsAt,
		EndsAt:         req.EndsAt,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, b)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// Cancel cancels a booking that has not started.
func (h *BookingHandler) Cancel(c echo.Context) error {
	if err := requireRole(c, "renter", "ops"); err != nil {
		return err
	}
	var req cancelRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	if req.Reason == "" {
		req.Reason = "renter_request"
	}
	b, err := h.svc.Cancel(c.Request().Context(), c.Param("id"), req.Reason)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, b)
}

// Checkout is called when the renter leaves the kitchen.
func (h *BookingHandler) Checkout(c echo.Context) error {
	if err := requireRole(c, "renter", "host", "ops"); err != nil {
		return err
	}
	b, err := h.svc.Checkout(c.Request().Context(), c.Param("id"))
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, b)
}

type extendRequest struct {
	Hours         int    `json:"hours"`
	PaymentMethod string `json:"payment_method"`
}

// Extend adds hours to a confirmed or running booking and charges for them.
func (h *BookingHandler) Extend(c echo.Context) error {
	if err := requireRole(c, "renter"); err != nil {
		return err
	}
	var req extendRequest
	if err := c.Bind(&req); err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "malformed body")
	}
	res, err := h.svc.Extend(c.Request().Context(), service.ExtendBookingInput{
		IdempotencyKey: idempotencyKey(c),
		BookingID:      c.Param("id"),
		Hours:          req.Hours,
		PaymentMethod:  req.PaymentMethod,
	})
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, res)
}
