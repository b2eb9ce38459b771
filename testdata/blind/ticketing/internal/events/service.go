// Package events holds organiser-side event lifecycle operations.
package events

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/stagepass/ticketing/internal/apperr"
	"github.com/stagepass/ticketing/internal/db"
	"github.com/stagepass/ticketing/internal/jobs"
	"github.com/stagepass/ticketing/internal/notify"
	"github.com/stagepass/ticketing/internal/store"
)

// Service is consumed by the admin API.
type Service interface {
	CancelEvent(ctx context.Context, in CancelInput) (CancelResult, error)
}

type CancelInput struct {
	EventID string
	Reason  string
	Actor   string
}

type CancelResult struct {
	EventID         string `json:"event_id"`
	FansNotified    int    `json:"fans_notified"`
	RefundsQueued   int    `json:"refunds_queued"`
	CancelledReason string `json:"reason"`
}

type service struct {
	q      db.Querier
	mailer notify.Mailer
	jobs   jobs.Inserter
}

func NewService(q db.Querier, mailer notify.Mailer, ins jobs.Inserter) Service {
	return &service{q: q, mailer: mailer, jobs: ins}
}

// CancelEvent cancels an event: fans are told straight away, the event is
// closed for sale, and a refund job is queued for every paid order.
func (s *service) CancelEvent(ctx context.Context, in CancelInput) (CancelResult, error) {
	if in.Reason == "" {
		return CancelResult{}, apperr.Invalid("a cancellation reason is required")
	}
	ev, err := s.q.GetEvent(ctx, in.EventID)
	if store.IsNotFound(err) {
		return CancelResult{}, apperr.NotFound("event %s not found", in.EventID)
	}
	if err != nil {
		return CancelResult{}, err
	}
	if ev.Status == "cancelled" {
		return CancelResult{}, apperr.Conflict("event %s is already cancelled", ev.ID)
	}

	fans, err := s.q.ListFanContactsForEvent(ctx, ev.ID)
	if err != nil {
		return CancelResult{}, err
	}
	res := CancelResult{EventID: ev.ID, CancelledReason: in.Reason}
	for _, f := range fans {
		msg := notify.CancellationEmail(f.Email, f.FullName, ev.Name, in.Reason)
		if _, err := s.mailer.Send(ctx, msg); err != nil {
			return res, fmt.Errorf("notify fan %s: %w", f.ID, err)
		}
		res.FansNotified++
	}

	if err := s.q.MarkEventCancelled(ctx, ev.ID, in.Reason); err != nil {
		return res, err
	}
	slog.InfoContext(ctx, "event cancelled", "event_id", ev.ID, "actor", in.Actor)

	orderIDs, err := s.q.ListPaidOrderIDsForEvent(ctx, ev.ID)
	if err != nil {
		return res, err
	}
	for _, id := range orderIDs {
		if _, err := s.jobs.Insert(ctx, jobs.RefundOrderArgs{OrderID: id, Reason: "event_cancelled"}, nil); err != nil {
			return res, fmt.Errorf("queue refund for %s: %w", id, err)
		}
		res.RefundsQueued++
	}
	return res, nil
}
