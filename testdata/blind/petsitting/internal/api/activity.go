package api

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/apperr"
	"github.com/pawtrail-labs/pawtrail/internal/checkins"
	"github.com/pawtrail-labs/pawtrail/internal/httpx"
	"github.com/pawtrail-labs/pawtrail/internal/notify"
	"github.com/pawtrail-labs/pawtrail/internal/reviews"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type CheckinService interface {
	Record(ctx context.Context, sitterID, bookingID uuid.UUID, in checkins.Input) (store.Checkin, error)
	Summary(ctx context.Context, bookingID uuid.UUID) (checkins.Summary, error)
}

type ReviewService interface {
	Submit(ctx context.Context, ownerID, bookingID uuid.UUID, in reviews.Input) (store.Review, error)
}

type Notifier interface {
	Send(ctx context.Context, n notify.Notification) error
}

// ActivityHandlers serve the sitter app during a booking and the owner
// afterwards.
type ActivityHandlers struct {
	bookings BookingService
	checkins CheckinService
	reviews  ReviewService
	notifier Notifier
	log      *slog.Logger
}

func NewActivityHandlers(b BookingService, c CheckinService, rv ReviewService, n Notifier, log *slog.Logger) *ActivityHandlers {
	return &ActivityHandlers{bookings: b, checkins: c, reviews: rv, notifier: n, log: log}
}

// Checkin handles POST /v1/bookings/{bookingID}/checkins. The sitter app
// buffers check-ins offline and re-posts anything it has no 201 for.
func (h *ActivityHandlers) Checkin(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "bookingID")
	if err != nil {
		return err
	}
	var in checkins.Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	c, err := h.checkins.Record(r.Context(), httpx.Account(r.Context()), id, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, c)
}

// Complete handles POST /v1/bookings/{bookingID}/complete (sitter). The
// owner gets the walk report by SMS straight away.
func (h *ActivityHandlers) Complete(w http.ResponseWriter, r *http.Request) error {
	ctx := r.Context()
	id, err := httpx.PathUUID(r, "bookingID")
	if err != nil {
		return err
	}
	sitterID := httpx.Account(ctx)
	b, err := h.bookings.Get(ctx, id)
	if err != nil {
		return err
	}
	if b.SitterID != sitterID {
		return apperr.ErrForbidden
	}
	if b.Status == store.BookingCompleted {
		return httpx.WriteJSON(w, http.StatusOK, b)
	}
	if b.Status != store.BookingAccepted {
		return apperr.Conflict("booking is " + b.Status)
	}

	sum, err := h.checkins.Summary(ctx, id)
	if err != nil {
		return err
	}
	contact, err := h.bookings.Contact(ctx, id)
	if err != nil {
		return err
	}
	if err := h.notifier.Send(ctx, notify.Notification{
		To:        contact.OwnerPhone,
		Purpose:   "walk_report",
		BookingID: id,
		Body:      notify.WalkReportBody(contact.PetName, sum.Minutes, sum.Checkins),
	}); err != nil {
		h.log.WarnContext(ctx, "walk report sms failed", "booking_id", id, "err", err)
	}

	b, err = h.bookings.Complete(ctx, sitterID, id)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusOK, b)
}

// Review handles POST /v1/bookings/{bookingID}/reviews (owner).
func (h *ActivityHandlers) Review(w http.ResponseWriter, r *http.Request) error {
	id, err := httpx.PathUUID(r, "bookingID")
	if err != nil {
		return err
	}
	var in reviews.Input
	if err := httpx.DecodeJSON(r, &in); err != nil {
		return err
	}
	rv, err := h.reviews.Submit(r.Context(), httpx.Account(r.Context()), id, in)
	if err != nil {
		return err
	}
	return httpx.WriteJSON(w, http.StatusCreated, rv)
}
