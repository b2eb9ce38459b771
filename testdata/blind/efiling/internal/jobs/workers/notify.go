package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/docketly/efile/internal/httpx"
	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/providers/mail"
	"github.com/docketly/efile/internal/providers/sms"
	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/store/db"
)

// loadQueued fetches a notification and reports whether it still needs
// sending.
func loadQueued(ctx context.Context, s *store.Store, id uuid.UUID) (db.Notification, bool, error) {
	n, err := s.GetNotification(ctx, id)
	if err != nil {
		return db.Notification{}, false, err
	}
	return n, n.Status == "queued", nil
}

// giveUp marks the notification failed on the job's last attempt so the
// portal shows it, and returns err for river to record.
func giveUp[T river.JobArgs](ctx context.Context, s *store.Store, job *river.Job[T], id uuid.UUID, err error) error {
	if job.Attempt >= job.MaxAttempts {
		if mErr := s.MarkNotificationFailed(ctx, id); mErr != nil {
			return errors.Join(err, mErr)
		}
	}
	return err
}

// SendEmailWorker delivers e-mail notifications.
type SendEmailWorker struct {
	river.WorkerDefaults[jobs.SendEmailArgs]
	store  *store.Store
	mailer service.Mailer
	log    *slog.Logger
}

// NewSendEmailWorker returns the worker.
func NewSendEmailWorker(s *store.Store, m service.Mailer, log *slog.Logger) *SendEmailWorker {
	return &SendEmailWorker{store: s, mailer: m, log: log}
}

// Work implements river.Worker.
func (w *SendEmailWorker) Work(ctx context.Context, job *river.Job[jobs.SendEmailArgs]) error {
	n, pending, err := loadQueued(ctx, w.store, job.Args.NotificationID)
	if err != nil || !pending {
		return err
	}
	msg := mail.Message{
		To:       n.Recipient,
		Subject:  n.Subject,
		Text:     n.Body,
		Template: n.Template,
		Tags:     map[string]string{"notification_id": n.ID.String()},
	}
	// The transport retries 5xx responses; a key lets the provider collapse
	// those resends into one message.
	res, err := w.mailer.Send(ctx, msg, httpx.WithIdempotencyKey(uuid.NewString()))
	if err != nil {
		return giveUp(ctx, w.store, job, n.ID, err)
	}
	if err := w.store.MarkNotificationSent(ctx, n.ID, res.ID); err != nil {
		return fmt.Errorf("mark notification %s sent: %w", n.ID, err)
	}
	return nil
}

// SendSMSWorker delivers SMS notifications.
type SendSMSWorker struct {
	river.WorkerDefaults[jobs.SendSMSArgs]
	store  *store.Store
	texter service.Texter
	log    *slog.Logger
}

// NewSendSMSWorker returns the worker.
func NewSendSMSWorker(s *store.Store, t service.Texter, log *slog.Logger) *SendSMSWorker {
	return &SendSMSWorker{store: s, texter: t, log: log}
}

// Work implements river.Worker.
func (w *SendSMSWorker) Work(ctx context.Context, job *river.Job[jobs.SendSMSArgs]) error {
	n, pending, err := loadQueued(ctx, w.store, job.Args.NotificationID)
	if err != nil || !pending {
		return err
	}
	res, err := w.texter.Send(ctx, sms.Message{To: n.Recipient, Body: n.Body})
	if err != nil {
		return giveUp(ctx, w.store, job, n.ID, err)
	}
	if err := w.store.MarkNotificationSent(ctx, n.ID, res.SID); err != nil {
		return fmt.Errorf("mark notification %s sent: %w", n.ID, err)
	}
	return nil
}
