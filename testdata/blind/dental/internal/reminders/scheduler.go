// Package reminders texts patients about upcoming appointments and sends
// the other one-off patient notices (booking changes, receipts, lab cases
// ready to seat).
package reminders

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"

	"github.com/brightsmile-dental/practiceops/internal/models"
	"github.com/brightsmile-dental/practiceops/internal/platform/database"
	"github.com/brightsmile-dental/practiceops/internal/platform/jobqueue"
)

// Job kinds handled by this package.
const (
	KindReminder = "sms.reminder"
	KindNotice   = "sms.notice"
)

// ReminderPayload is the sms.reminder job payload.
type ReminderPayload struct {
	AppointmentID string `json:"appointment_id"`
	Kind          string `json:"kind"`
}

// Window is one reminder slot, e.g. the day-before text.
type Window struct {
	Kind string
	Lead time.Duration
	// Span is how far past Lead the scheduler still picks appointments up,
	// so a missed cron run does not skip anyone.
	Span time.Duration
}

// DefaultWindows are the reminders every booked appointment gets.
var DefaultWindows = []Window{
	{Kind: "48h", Lead: 48 * time.Hour, Span: 2 * time.Hour},
	{Kind: "2h", Lead: 2 * time.Hour, Span: 30 * time.Minute},
}

// Scheduler queues reminder jobs for appointments entering a window.
type Scheduler interface {
	EnqueueDue(ctx context.Context, in EnqueueDueInput) (EnqueueDueOutput, error)
}

type EnqueueDueInput struct {
	Now     time.Time
	Windows []Window
}

type EnqueueDueOutput struct {
	Queued  int
	Skipped int
}

type scheduler struct {
	db    *gorm.DB
	queue jobqueue.Enqueuer
	log   *slog.Logger
}

// NewScheduler wires the reminder scheduler.
func NewScheduler(db *gorm.DB, queue jobqueue.Enqueuer, log *slog.Logger) Scheduler {
	return &scheduler{db: db, queue: queue, log: log}
}

func (s *scheduler) EnqueueDue(ctx context.Context, in EnqueueDueInput) (EnqueueDueOutput, error) {
	var out EnqueueDueOutput
	for _, w := range in.Windows {
		var appts []models.Appointment
		from, to := in.Now.Add(w.Lead-w.Span), in.Now.Add(w.Lead)
		err := s.db.WithContext(ctx).
			Where("status = ? AND starts_at > ? AND starts_at <= ?", models.AppointmentBooked, from, to).
			Find(&appts).Error
		if err != nil {
			return out, fmt.Errorf("list appointments for %s: %w", w.Kind, err)
		}
		for _, a := range appts {
			queued, err := s.claim(ctx, a, w.Kind)
			if err != nil {
				return out, err
			}
			if queued {
				out.Queued++
			} else {
				out.Skipped++
			}
		}
	}
	s.log.Info("reminders scheduled", "queued", out.Queued, "skipped", out.Skipped)
	return out, nil
}

// claim records that the reminder is owed and queues it in one transaction.
func (s *scheduler) claim(ctx context.Context, a models.Appointment, kind string) (bool, error) {
	var queued bool
	err := database.Transact(ctx, s.db, func(tx *gorm.DB) error {
		send := models.ReminderSend{ID: uuid.New(), AppointmentID: a.ID, Kind: kind}
		res := tx.Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "appointment_id"}, {Name: "kind"}},
			DoNothing: true,
		}).Create(&send)
		if res.Error != nil || res.RowsAffected == 0 {
			return res.Error
		}
		ok, err := s.queue.Enqueue(ctx, tx, jobqueue.EnqueueRequest{
			Kind:     KindReminder,
			DedupKey: "reminder:" + a.ID + ":" + kind,
			Payload:  ReminderPayload{AppointmentID: a.ID, Kind: kind},
		})
		queued = ok
		return err
	})
	return queued, err
}
