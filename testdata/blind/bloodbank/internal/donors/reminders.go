package donors

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"math/rand/v2"
	"time"

	"github.com/hemolink-systems/bloodbank/internal/notify"
	"github.com/hemolink-systems/bloodbank/internal/providers/sms"
)

// ReminderOptions tunes the reminder run.
type ReminderOptions struct {
	// Lead is how far ahead of the slot the reminder goes out.
	Lead time.Duration
	// Window is the width of the slot range covered by one run.
	Window time.Duration
	// BatchSize caps the number of texts per run.
	BatchSize int
	// MaxSpacing spreads sends to stay under the gateway's rate limit.
	MaxSpacing time.Duration
}

// DefaultReminderOptions covers tomorrow's slots in hourly runs.
var DefaultReminderOptions = ReminderOptions{
	Lead:       24 * time.Hour,
	Window:     time.Hour,
	BatchSize:  500,
	MaxSpacing: 150 * time.Millisecond,
}

// TextSender is the gateway client used for reminders.
type TextSender interface {
	Send(ctx context.Context, req sms.SendRequest) (sms.SendResult, error)
}

// Reminders texts donors ahead of their appointment.
type Reminders struct {
	repo Repository
	sms  TextSender
	opts ReminderOptions
	now  func() time.Time
}

func NewReminders(repo Repository, gateway TextSender, opts ReminderOptions) *Reminders {
	return &Reminders{repo: repo, sms: gateway, opts: opts, now: time.Now}
}

// Run sends reminders for slots starting in [now+Lead, now+Lead+Window).
// Failures are collected so one bad number does not block the batch; the
// run reports an error at the end so the scheduler retries it.
func (r *Reminders) Run(ctx context.Context) error {
	from := r.now().Add(r.opts.Lead).Truncate(time.Hour)
	to := from.Add(r.opts.Window)
	due, err := r.repo.DueForReminder(ctx, from, to, r.opts.BatchSize)
	if err != nil {
		return fmt.Errorf("load due reminders: %w", err)
	}

	var errs []error
	for i, row := range due {
		if i > 0 && r.opts.MaxSpacing > 0 {
			// Jitter between sends keeps bursts under the gateway's per-second cap.
			pause := time.Duration(rand.Int64N(int64(r.opts.MaxSpacing)))
			select {
			case <-ctx.Done():
				return errors.Join(append(errs, ctx.Err())...)
			case <-time.After(pause):
			}
		}
		body := notify.AppointmentReminderText(row.DonorName, row.SiteName, row.SlotStart)
		if _, err := r.sms.Send(ctx, sms.SendRequest{To: row.Phone, Body: body}); err != nil {
			errs = append(errs, fmt.Errorf("appointment %s: %w", row.AppointmentID, err))
			continue
		}
		if err := r.repo.MarkReminded(ctx, row.AppointmentID, r.now().UTC()); err != nil {
			errs = append(errs, fmt.Errorf("mark %s: %w", row.AppointmentID, err))
		}
	}
	slog.InfoContext(ctx, "appointment reminders sent", "due", len(due), "failed", len(errs))
	return errors.Join(errs...)
}
