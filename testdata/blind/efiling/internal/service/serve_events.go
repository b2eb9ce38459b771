package service

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/docketly/efile/internal/notify"
	"github.com/docketly/efile/internal/providers/processserver"
	"github.com/docketly/efile/internal/providers/sms"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
	"github.com/docketly/efile/internal/store/repo"
)

// ServeEvents applies process-server webhook events.
type ServeEvents struct {
	store  *store.Store
	notify *notify.Queue
	texter Texter
	log    *slog.Logger
}

// NewServeEvents returns the handler.
func NewServeEvents(s *store.Store, n *notify.Queue, t Texter, log *slog.Logger) *ServeEvents {
	return &ServeEvents{store: s, notify: n, texter: t, log: log}
}

// Handle applies one ServeNet event.
func (h *ServeEvents) Handle(ctx context.Context, ev processserver.Event) error {
	sr, err := h.store.GetServiceRequestByBooking(ctx, ev.BookingID)
	if err != nil {
		return notFound(err, "service request for booking "+ev.BookingID)
	}
	switch ev.Type {
	case "attempt":
		return h.attempt(ctx, sr, ev)
	case "served":
		return h.served(ctx, sr, ev)
	case "non_service":
		return h.nonService(ctx, sr, ev)
	default:
		h.log.WarnContext(ctx, "unhandled servenet event", "type", ev.Type, "id", ev.ID)
		return nil
	}
}

// attempt logs a service attempt for the due-diligence affidavit.
func (h *ServeEvents) attempt(ctx context.Context, sr db.ServiceRequest, ev processserver.Event) error {
	_, err := repo.Insert(ctx, h.store.Pool, &db.ServiceAttempt{
		ID:               uuid.New(),
		ServiceRequestID: sr.ID,
		ProviderEventID:  ev.ID,
		AttemptedAt:      ev.OccurredAt,
		Outcome:          ev.Outcome,
		Notes:            ev.Notes,
	})
	return err
}

func (h *ServeEvents) served(ctx context.Context, sr db.ServiceRequest, ev processserver.Event) error {
	return h.store.InTx(ctx, func(ctx context.Context, tx pgx.Tx, q *db.Queries) error {
		updated, ok, err := q.MarkServiceServed(ctx, ev.BookingID, ev.OccurredAt, ev.ServedTo, ev.AffidavitURL)
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		f, err := q.GetFiling(ctx, updated.FilingID)
		if err != nil {
			return err
		}
		a, err := q.GetAttorney(ctx, f.AttorneyID)
		if err != nil {
			return err
		}
		subject := fmt.Sprintf("Served: %s", updated.PartyName)
		body := fmt.Sprintf("%s was served on %s (accepted by %s). Affidavit: %s",
			updated.PartyName, ev.OccurredAt.Format("Jan 2, 2006 3:04 PM"), ev.ServedTo, ev.AffidavitURL)
		_, err = h.notify.Enqueue(ctx, tx, notify.ToAttorney(a, "proof_of_service", subject, body))
		return err
	})
}

// nonService alerts the responsible attorney straight away: a failed service
// usually means a deadline is at risk.
func (h *ServeEvents) nonService(ctx context.Context, sr db.ServiceRequest, ev processserver.Event) error {
	f, err := h.store.GetFiling(ctx, sr.FilingID)
	if err != nil {
		return err
	}
	a, err := h.store.GetAttorney(ctx, f.AttorneyID)
	if err != nil {
		return err
	}
	if a.Phone != nil {
		msg := fmt.Sprintf("Docketly: service on %s could not be completed (%s). Review in the portal.",
			sr.PartyName, ev.Reason)
		if _, err := h.texter.Send(ctx, sms.Message{To: *a.Phone, Body: msg}); err != nil {
			return err
		}
	}
	return h.store.MarkServiceFailed(ctx, ev.BookingID, ev.Reason)
}
