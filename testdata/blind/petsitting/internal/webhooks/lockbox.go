package webhooks

import (
	"context"
	"errors"
	"io"
	"net/http"
	"time"

	"github.com/google/uuid"

	"github.com/pawtrail-labs/pawtrail/internal/httpx"
	"github.com/pawtrail-labs/pawtrail/internal/lockbox"
	"github.com/pawtrail-labs/pawtrail/internal/store"
)

type LockEventParser interface {
	ParseEvent(body []byte, signature string) (lockbox.Event, error)
}

type LockBookings interface {
	GetByAccessCode(ctx context.Context, codeID string) (store.Booking, error)
	SetKeyFirstUsed(ctx context.Context, id uuid.UUID, at time.Time) (bool, error)
}

type PartnerEvents interface {
	ClaimEvent(ctx context.Context, provider, eventID string) (bool, error)
	AppendAccessCodeUse(ctx context.Context, bookingID uuid.UUID, lockID string, at time.Time) error
}

// LockboxHandler receives KeyHaven events at POST /webhooks/lockbox.
type LockboxHandler struct {
	parser   LockEventParser
	bookings LockBookings
	events   PartnerEvents
	tx       Transactor
}

func NewLockboxHandler(parser LockEventParser, bookings LockBookings, events PartnerEvents, tx Transactor) *LockboxHandler {
	return &LockboxHandler{parser: parser, bookings: bookings, events: events, tx: tx}
}

const providerKeyHaven = "keyhaven"

func (h *LockboxHandler) Handle(w http.ResponseWriter, r *http.Request) error {
	body, err := io.ReadAll(io.LimitReader(r.Body, 64<<10))
	if err != nil {
		return httpx.BadRequest("unreadable body")
	}
	ev, err := h.parser.ParseEvent(body, r.Header.Get("X-KeyHaven-Signature"))
	if err != nil {
		return httpx.Unauthorized("bad signature")
	}
	if ev.Type != "access_code.used" {
		w.WriteHeader(http.StatusNoContent)
		return nil
	}

	err = h.tx.Do(r.Context(), func(ctx context.Context) error {
		first, err := h.events.ClaimEvent(ctx, providerKeyHaven, ev.ID)
		if err != nil || !first {
			return err
		}
		b, err := h.bookings.GetByAccessCode(ctx, ev.AccessCodeID)
		if errors.Is(err, store.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if _, err := h.bookings.SetKeyFirstUsed(ctx, b.ID, ev.OccurredAt); err != nil {
			return err
		}
		return h.events.AppendAccessCodeUse(ctx, b.ID, ev.LockID, ev.OccurredAt)
	})
	if err != nil {
		return err
	}
	w.WriteHeader(http.StatusNoContent)
	return nil
}
