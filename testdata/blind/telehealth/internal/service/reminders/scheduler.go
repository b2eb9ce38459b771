package reminders

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jmoiron/sqlx"

	"github.com/carelink/telehealth/internal/domain"
	"github.com/carelink/telehealth/internal/ids"
	"github.com/carelink/telehealth/internal/platform/db"
	"github.com/carelink/telehealth/internal/platform/jobs"
)

// Upcoming lists booked appointments in a time range.
type Upcoming interface {
	StartingBetween(ctx context.Context, from, to time.Time) ([]domain.Appointment, error)
}

// window is one reminder window before the slot.
type window struct {
	label string
	lead  time.Duration
	kinds []string
}

var windows = []window{
	{label: "24h", lead: 24 * time.Hour, kinds: []string{KindReminderSMS, KindReminderEmail}},
	{label: "1h", lead: time.Hour, kinds: []string{KindReminderSMS}},
}

// Scheduler enqueues reminder jobs for upcoming appointments.
type Scheduler struct {
	appts Upcoming
	queue *jobs.Queue
	log   *slog.Logger
	now   func() time.Time
	slack time.Duration
}

func NewScheduler(appts Upcoming, queue *jobs.Queue, log *slog.Logger) *Scheduler {
	return &Scheduler{appts: appts, queue: queue, log: log, now: time.Now, slack: 10 * time.Minute}
}

// Tick enqueues reminders for every appointment entering a window.
func (s *Scheduler) Tick(ctx context.Context) error {
	now := s.now()
	for _, w := range windows {
		from, to := now.Add(w.lead-s.slack), now.Add(w.lead+s.slack)
		appts, err := s.appts.StartingBetween(ctx, from, to)
		if err != nil {
			return err
		}
		for _, a := range appts {
			for _, kind := range w.kinds {
				_, created, err := s.queue.Enqueue(ctx, kind,
					ReminderPayload{AppointmentID: a.ID.String(), Window: w.label},
					jobs.DedupKey(ids.Derived(kind, a.ID.String(), w.label)),
					jobs.MaxAttempts(4),
				)
				if err != nil {
					return fmt.Errorf("enqueue %s for %s: %w", kind, a.ID, err)
				}
				if created {
					s.log.Debug("reminder queued", "kind", kind, "appointment", a.ID, "window", w.label)
				}
			}
		}
	}
	return nil
}

// OutboxRelay turns outbox events into jobs.
type OutboxRelay struct {
	db    *sqlx.DB
	repo  OutboxSource
	log   *slog.Logger
	batch int
}

// OutboxSource reads and acknowledges outbox rows inside a transaction.
type OutboxSource interface {
	LockPending(ctx context.Context, tx *sqlx.Tx, limit int) ([]domain.OutboxEvent, error)
	MarkRelayed(ctx context.Context, tx *sqlx.Tx, id uuid.UUID) error
}

func NewOutboxRelay(d *sqlx.DB, repo OutboxSource, log *slog.Logger) *OutboxRelay {
	return &OutboxRelay{db: d, repo: repo, log: log, batch: 100}
}

// Relay moves one batch of outbox events to the job queue.
func (r *OutboxRelay) Relay(ctx context.Context) (int, error) {
	return db.InTxValue(ctx, r.db, func(tx *sqlx.Tx) (int, error) {
		events, err := r.repo.LockPending(ctx, tx, r.batch)
		if err != nil {
			return 0, err
		}
		for _, ev := range events {
			if err := r.route(ctx, tx, ev); err != nil {
				return 0, err
			}
			if err := r.repo.MarkRelayed(ctx, tx, ev.ID); err != nil {
				return 0, err
			}
		}
		return len(events), nil
	})
}

func (r *OutboxRelay) route(ctx context.Context, tx *sqlx.Tx, ev domain.OutboxEvent) error {
	switch ev.EventType {
	case "visit.completed":
		var p AppointmentPayload
		if err := json.Unmarshal(ev.Payload, &p); err != nil {
			return err
		}
		_, _, err := jobs.Enqueue(ctx, tx, KindFollowupSurvey, p,
			jobs.DedupKey(ids.Derived("outbox", ev.ID.String())),
			jobs.RunAt(time.Now().Add(2*time.Hour)),
		)
		return err
	default:
		return nil
	}
}
