package httpapi

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/go-chi/chi/v5"

	"github.com/larkspur-travel/tourdesk/internal/domain"
	"github.com/larkspur-travel/tourdesk/internal/service"
)

// BookingService is what the booking handlers need.
type BookingService interface {
	Create(ctx context.Context, idemKey string, in service.CreateBookingInput) (*domain.Booking, bool, error)
	Get(ctx context.Context, id string) (*domain.Booking, error)
	ConfirmOnAccount(ctx context.Context, id string) (*domain.Booking, error)
}

// CancellationService is what the cancellation handlers need.
type CancellationService interface {
	Quote(ctx context.Context, bookingID string) (*domain.Quote, error)
	Cancel(ctx context.Context, bookingID string, in service.CancelInput) (*service.CancelResult, error)
}

// BookingHandler serves /bookings.
type BookingHandler struct {
	bookings      BookingService
	cancellations CancellationService
	log           *slog.Logger
}

// NewBookingHandler constructs a BookingHandler.
func NewBookingHandler(bookings BookingService, cancellations CancellationService, log *slog.Logger) *BookingHandler {
	return &BookingHandler{bookings: bookings, cancellations: cancellations, log: log}
}

// Routes mounts the booking routes.
func (h *BookingHandler) Routes(r chi.Router) {
	r.Post("/bookings", h.create)
	r.Get("/bookings/{bookingID}", h.get)
	r.Post("/bookings/{bookingID}/confirm", h.confirm)
	r.Get("/bookings/{bookingID}/cancellation-quote", h.quote)
	r.Post("/bookings/{bookingID}/cancel", h.cancel)
}

func (h *BookingHandler) create(w http.ResponseWriter, r *http.Request) {
	var in service.CreateBookingInput
	if err := decode(r, &in); err != nil {
		writeError(w, r, h.log, err)
		return
	}
	b, replayed, err := h.bookings.Create(r.Context(), r.Header.Get("Idempotency-Key"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	status := http.StatusCreated
	if replayed {
		status = http.StatusOK
	}
	writeJSON(w, status, b)
}

func (h *BookingHandler) get(w http.ResponseWriter, r *http.Request) {
	b, err := h.bookings.Get(r.Context(), chi.URLParam(r, "bookingID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}

func (h *BookingHandler) confirm(w http.ResponseWriter, r *http.Request) {
	b, err := h.bookings.ConfirmOnAccount(r.Context(), chi.URLParam(r, "bookingID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, b)
}

type quoteResponse struct {
	Tier        string `json:"tier"`
	RefundPct   int    `json:"refund_pct"`
	RefundCents int64  `json:"refund_cents"`
}

func (h *BookingHandler) quote(w http.ResponseWriter, r *http.Request) {
	q, err := h.cancellations.Quote(r.Context(), chi.URLParam(r, "bookingID"))
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, quoteResponse{Tier: q.Tier.Name, RefundPct: q.Tier.RefundPct, RefundCents: q.RefundCents})
}

func (h *BookingHandler) cancel(w http.ResponseWriter, r *http.Request) {
	var in service.CancelInput
	if r.ContentLength != 0 {
		if err := decode(r, &in); err != nil {
			writeError(w, r, h.log, err)
			return
		}
	}
	res, err := h.cancellations.Cancel(r.Context(), chi.URLParam(r, "bookingID"), in)
	if err != nil {
		writeError(w, r, h.log, err)
		return
	}
	writeJSON(w, http.StatusOK, res)
}
