// Package cron holds the scheduled jobs run by cmd/cron (one Kubernetes
// CronJob per task).
package cron

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/events"
	"github.com/northline/coachbus/internal/jobs"
)

// HoldExpirer returns seats from abandoned holds to sale. Runs every minute.
type HoldExpirer struct {
	store *db.Store
	now   func() time.Time
	log   *slog.Logger
}

// NewHoldExpirer builds the task.
func NewHoldExpirer(store *db.Store, log *slog.Logger) *HoldExpirer {
	return &HoldExpirer{store: store, now: time.Now, log: log}
}

// Run expires overdue holds and releases their seats.
func (e *HoldExpirer) Run(ctx context.Context) error {
	expired, err := e.store.ExpireHolds(ctx, e.now())
	if err != nil {
		return fmt.Errorf("expire holds: %w", err)
	}
	for _, h := range expired {
		err := e.store.InTx(ctx, func(ctx context.Context, _ pgx.Tx, q *db.Queries) error {
			if _, err := q.ReleaseSeats(ctx, db.ReleaseSeatsParams{ID: h.TripID, Seats: h.Seats}); err != nil {
				return err
			}
			return events.Enqueue(ctx, q, events.SeatInventoryChanged{
				Kind:       events.TypeSeatsReleased,
				TripID:     h.TripID,
				HoldID:     &h.ID,
				HeldDelta:  -h.Seats,
				OccurredAt: e.now(),
			})
		})
		if err != nil {
			return fmt.Errorf("release hold %s: %w", h.ID, err)
		}
	}
	e.log.InfoContext(ctx, "holds expired", "count", len(expired))
	return nil
}

// ReminderSender texts passengers the day before they travel. Runs hourly
// over a two-hour window so a skipped run is caught by the next one.
type ReminderSender struct {
	store *db.Store
	send  func(ctx context.Context, to, text string) (string, error)
	now   func() time.Time
	log   *slog.Logger
}

// NewReminderSender builds the task. send is normally (*sms.Client).Send.
func NewReminderSender(store *db.Store, send func(ctx context.Context, to, text string) (string, error), log *slog.Logger) *ReminderSender {
	return &ReminderSender{store: store, send: send, now: time.Now, log: log}
}

// Run sends reminders for tickets departing 23-25 hours from now.
func (r *ReminderSender) Run(ctx context.Context) error {
	now := r.now()
	rows, err := r.store.ListTicketsForReminder(ctx, db.ListTicketsForReminderParams{
		WindowStart: now.Add(23 * time.Hour),
		WindowEnd:   now.Add(25 * time.Hour),
		MaxRows:     5000,
	})
	if err != nil {
		return fmt.Errorf("list reminders: %w", err)
	}
	sent := make([]uuid.UUID, 0, len(rows))
	for _, row := range rows {
		if row.ContactPhone == nil {
			continue
		}
		text := fmt.Sprintf("Northline reminder: %s, your coach %s to %s leaves at %s tomorrow. Please arrive 15 minutes early.",
			row.PassengerName, row.Origin, row.Destination, row.DepartsAt.Format("15:04"))
		if _, err := r.send(ctx, *row.ContactPhone, text); err != nil {
			r.log.WarnContext(ctx, "reminder not sent", "ticket_id", row.TicketID, "err", err)
			continue
		}
		sent = append(sent, row.TicketID)
	}
	if err := r.store.MarkRemindersSent(ctx, sent); err != nil {
		return fmt.Errorf("mark reminders sent: %w", err)
	}
	r.log.InfoContext(ctx, "reminders sent", "count", len(sent), "candidates", len(rows))
	return nil
}

// Enqueuer is the river surface the sweep needs.
type Enqueuer interface {
	Enqueue(ctx context.Context, args river.JobArgs, opts *river.InsertOpts) error
}

// PayoutSweep re-drives payouts that are still pending long after their
// shift closed, e.g. because the job was cancelled from the River UI
// during an incident.
// Runs nightly.
type PayoutSweep struct {
	store *db.Store
	jobs  Enqueuer
	age   time.Duration
	log   *slog.Logger
}

// NewPayoutSweep builds the task.
func NewPayoutSweep(store *db.Store, jobs Enqueuer, log *slog.Logger) *PayoutSweep {
	return &PayoutSweep{store: store, jobs: jobs, age: 6 * time.Hour, log: log}
}

// Run enqueues one payout job per stale payout. DriverPayoutArgs is unique
// by args, so a payout whose job is still queued, running or retrying is
// skipped; only payouts whose job was discarded get a new one.
func (s *PayoutSweep) Run(ctx context.Context) error {
	ids, err := s.store.ListStalePendingPayouts(ctx, db.ListStalePendingPayoutsParams{
		OlderThan: time.Now().Add(-s.age),
		MaxRows:   1000,
	})
	if err != nil {
		return fmt.Errorf("list stale payouts: %w", err)
	}
	for _, id := range ids {
		if err := s.jobs.Enqueue(ctx, jobs.DriverPayoutArgs{PayoutID: id}, nil); err != nil {
			return fmt.Errorf("enqueue payout %s: %w", id, err)
		}
	}
	s.log.InfoContext(ctx, "payout sweep", "requeued", len(ids))
	return nil
}
