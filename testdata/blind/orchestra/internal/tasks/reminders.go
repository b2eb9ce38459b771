package tasks

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"

	"github.com/harborlight-symphony/encore/internal/clients/mailer"
	"github.com/harborlight-symphony/encore/internal/domain"
	"github.com/harborlight-symphony/encore/internal/notify"
	"github.com/harborlight-symphony/encore/internal/store"
)

// ReminderStore is what the reminder handlers need.
type ReminderStore interface {
	NeedingReminder(ctx context.Context, dueOn time.Time) ([]store.ReminderRow, error)
	ReminderByID(ctx context.Context, id string) (*store.ReminderRow, error)
	MarkReminded(ctx context.Context, id string) (bool, error)
}

// ReminderScheduler enqueues reminder emails.
type ReminderScheduler interface {
	EnqueueReminder(ctx context.Context, installmentID string) error
}

// ReminderMailer sends reminder emails.
type ReminderMailer interface {
	InstallmentReminder(ctx context.Context, r notify.Reminder) error
	Domain() string
}

// ReminderHandlers emails subscribers ahead of each installment.
type ReminderHandlers struct {
	Store     ReminderStore
	Scheduler ReminderScheduler
	Mail      ReminderMailer
	LeadDays  int
	Log       *slog.Logger
	Now       func() time.Time
}

// Sweep finds installments due LeadDays from today and schedules reminders.
func (h *ReminderHandlers) Sweep(ctx context.Context, _ *asynq.Task) error {
	n := h.Now().UTC()
	dueOn := time.Date(n.Year(), n.Month(), n.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, h.LeadDays)
	rows, err := h.Store.NeedingReminder(ctx, dueOn)
	if err != nil {
		return err
	}
	var errs []error
	for _, r := range rows {
		if err := h.Scheduler.EnqueueReminder(ctx, r.InstallmentID); err != nil {
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// Remind sends one reminder. The Message-ID comes from the task payload,
// which is fixed when the task is enqueued.
func (h *ReminderHandlers) Remind(ctx context.Context, t *asynq.Task) error {
	p, err := decode[RemindPayload](t)
	if err != nil {
		return err
	}
	row, err := h.Store.ReminderByID(ctx, p.InstallmentID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	err = h.Mail.InstallmentReminder(ctx, notify.Reminder{
		MessageID:   mailer.MessageID("reminder-"+p.NotificationID, h.Mail.Domain()),
		Email:       row.Email,
		Name:        row.FullName,
		SeqNo:       row.SeqNo,
		DueOn:       row.DueOn,
		AmountCents: row.AmountCents,
	})
	if err != nil {
		return err
	}
	if _, err := h.Store.MarkReminded(ctx, p.InstallmentID); err != nil {
		return fmt.Errorf("stamp reminder: %w", err)
	}
	return nil
}

// WelcomeStore is what the welcome handler needs.
type WelcomeStore interface {
	Get(ctx context.Context, id string) (*domain.Subscription, error)
	Patron(ctx context.Context, id string) (*domain.Patron, error)
	MarkWelcomeSent(ctx context.Context, subID string) error
}

// WelcomeMailer sends the new-subscriber email.
type WelcomeMailer interface {
	SubscriptionWelcome(ctx context.Context, w notify.Welcome) error
	Domain() string
}

// WelcomeHandler greets new subscribers.
type WelcomeHandler struct {
	Store WelcomeStore
	Mail  WelcomeMailer
	Log   *slog.Logger
}

// ProcessTask implements asynq.Handler.
func (h *WelcomeHandler) ProcessTask(ctx context.Context, t *asynq.Task) error {
	p, err := decode[WelcomePayload](t)
	if err != nil {
		return err
	}
	sub, err := h.Store.Get(ctx, p.SubscriptionID)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if sub.WelcomeSentAt != nil {
		return nil
	}
	patron, err := h.Store.Patron(ctx, sub.PatronID)
	if err != nil {
		return err
	}
	err = h.Mail.SubscriptionWelcome(ctx, notify.Welcome{
		MessageID:    mailer.MessageID("welcome-"+uuid.NewString(), h.Mail.Domain()),
		Email:        patron.Email,
		Name:         patron.FullName,
		PackageCode:  sub.PackageCode,
		Seats:        sub.SeatCount,
		Installments: sub.InstallmentCount,
		TotalCents:   sub.TotalCents,
	})
	if err != nil {
		return err
	}
	return h.Store.MarkWelcomeSent(ctx, sub.ID)
}
