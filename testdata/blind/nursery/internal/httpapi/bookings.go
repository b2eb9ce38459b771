package httpapi

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/uuid"

	"github.com/acornlane-childcare/nursery/internal/db"
	"github.com/acornlane-childcare/nursery/internal/platform/httpx"
	"github.com/acornlane-childcare/nursery/internal/service/booking"
)

type BookingService interface {
	Book(ctx context.Context, in booking.BookInput) (db.Booking, bool, error)
	Swap(ctx context.Context, fromID uuid.UUID, in booking.SwapInput) (db.Booking, error)
}

// BookingHandler serves session bookings for the parent app.
type BookingHandler struct {
	bookings BookingService
	log      *slog.Logger
}

func NewBookingHandler(bookings BookingService, log *slog.Logger) *BookingHandler {
	return &BookingHandler{bookings: bookings, log: log}
}

type bookRequest struct {
	ChildID uuid.UUID `json:"child_id" binding:"required"`
	RoomID  uuid.UUID `json:"room_id" binding:"required"`
	Date    string    `json:"date" binding:"required"`
	Session string    `json:"session" binding:"required,oneof=am pm full"`
}

// Create handles POST /v1/bookings.
func (h *BookingHandler) Create(c *gin.Context) {
	var req bookRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	date, err := time.Parse(time.DateOnly, req.Date)
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	b, created, err := h.bookings.Book(c.Request.Context(), booking.BookInput{
		ChildID: req.ChildID,
		RoomID:  req.RoomID,
		Date:    date,
		Session: req.Session,
	})
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	status := http.StatusCreated
	if !created {
		status = http.StatusOK
	}
	c.JSON(status, b)
}

type swapRequest struct {
	NewDate    string `json:"new_date" binding:"required"`
	NewSession string `json:"new_session" binding:"required,oneof=am pm full"`
	Reason     string `json:"reason"`
}

// Swap handles POST /v1/bookings/:bookingID/swap.
func (h *BookingHandler) Swap(c *gin.Context) {
	bookingID, ok := httpx.UUIDParam(c, "bookingID")
	if !ok {
		return
	}
	var req swapRequest
	if err := c.ShouldBindJSON(&req); err != nil {
		httpx.BadRequest(c, err)
		return
	}
	date, err := time.Parse(time.DateOnly, req.NewDate)
	if err != nil {
		httpx.BadRequest(c, err)
		return
	}
	b, err := h.bookings.Swap(c.Request.Context(), bookingID, booking.SwapInput{
		NewDate:    date,
		NewSession: req.NewSession,
		Reason:     req.Reason,
	})
	if err != nil {
		httpx.Fail(c, h.log, err)
		return
	}
	c.JSON(http.StatusOK, b)
}
