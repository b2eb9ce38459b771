package api

import (
	"context"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/booking"
	"github.com/pawtrail-labs/pawtrail/internal/httpx"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type BookingService interface {
	Create(ctx context.Context, in booking.CreateInput) (store.Booking, error)
	Get(ctx context.Context, id uuid.UUID) (store.Booking, error)
	Contact(ctx context.Context, id uuid.UUID) (store.BookingContact, error)
	Accept(ctx context.Context, sitterID, bookingID uuid.UUID) (store.Booking, error)
	Cancel(ctx context.Context, ownerID, bookingID uuid.UUID, reason string) (booking.CancelResult, error)
	Complete(ctx context.Context, sitterID, bookingID uuid.UUID) (store.Booking, error)
}

type PaymentService interface {
	HoldDeposit(ctx context.Context, ownerID, bookingID uuid.UUID, paymentMethodID string) (store.Deposit, error)
	Tip(ctx context.Context, ownerID, bookingID uuid.UUID, requestKey string, amount int64) (store.Tip, error)
}

type BookingHandlers struct {
	bookings BookingService
	payments PaymentService
}

func NewBookingHandlers(b BookingService, p PaymentService) *BookingHandlers {
	return &BookingHandlers{bookings: b, payments: p}
}

type createBookingRequest struct {
	SitterID uuid.UUID `json:"sitter_id"`
	PetID    uuid.UUID `json:"pet_id"`
	Kind     string    `json:"kind"`
	StartsAt time.Time `json:"starts_at"`
	EndsAt   time.Time `json:"ends_at"`
	LockID   string    `json:"lock_id"`
}

// Create handles POST /v1/bookings.
func (h *BookingHandlers) Create(w http.ResponseWriter, r *http.Request) error {
	var req createBookingRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	b, err := h.bookings.Create(r.Context(), booking.CreateInput{
		OwnerID:  httpx.Account(r.Context()),
		SitterID: req.SitterID,
		PetID:    req.PetID,
		Kind:     req.Kind,
		StartsAt: req.StartsAt,
		EndsAt:   req.EndsAt,
		LockID:   req.LockID,
	})
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, b)
}

// Get handles GET /v1/bookings/{bookingID}.
func (h *BookingHandlers) Get(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "bookingID")
	if err != nil {
		return err
	}
	b, err := h.bookings.Get(r.Context(), id)
	if err != nil {
		return err
	}
	acct := httpx.Account(r.Context())
	if acct != b.OwnerID && acct != b.SitterID {
		return httpx.Unauthorized("not a party to this booking")
	}
	return httpx.WriteJSON(w, http.StatusOK, b)
}

type depositRequest struct {
	PaymentMethodID string `json:"payment_method_id"`
}

// HoldDeposit handles POST /v1/bookings/{bookingID}/deposit.
func (h *BookingHandlers) HoldDeposit(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "bookingID")
	if err != nil {
		return err
	}
	var req depositRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	dep, err := h.payments.HoldDeposit(r.Context(), httpx.Account(r.Context()), id, req.PaymentMethodID)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, dep)
}

// Accept handles POST /v1/bookings/{bookingID}/accept (sitter).
func (h *BookingHandlers) Accept(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "bookingID")
	if err != nil {
		return err
	}
	b, err := h.bookings.Accept(r.Context(), httpx.Account(r.Context()), id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, b)
}

type cancelRequest struct {
	Reason string `json:"reason"`
}

// Cancel handles POST /v1/bookings/{bookingID}/cancel (owner).
func (h *BookingHandlers) Cancel(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "bookingID")
	if err != nil {
		return err
	}
	var req cancelRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	if req.Reason == "" {
		req.Reason = "owner_request"
	}
	res, err := h.bookings.Cancel(r.Context(), httpx.Account(r.Context()), id, req.Reason)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, res)
}

type tipRequest struct {
	AmountCents int64 `json:"amount_cents"`
}

// Tip handles POST /v1/bookings/{bookingID}/tips. The app always sends an
// Idempotency-Key for money-moving requests.
func (h *BookingHandlers) Tip(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "bookingID")
	if err != nil {
		return err
	}
	var req tipRequest
	if err := httpx.DecodeJSON(r, &req); err != nil {
		return err
	}
	tip, err := h.payments.Tip(r.Context(), httpx.Account(r.Context()), id, r.Header.Get("Idempotency-Key"), req.AmountCents)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, tip)
}
