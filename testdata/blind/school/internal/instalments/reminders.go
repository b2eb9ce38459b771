package instalments

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/rs/xid"

	"github.com/lingua/academy/internal/notify"
	"github.com/lingua/academy/internal/platform/httpx"
	"github.com/lingua/academy/internal/store"
)

// Reminder sends payment reminders by SMS.
type Reminder struct {
	store    store.Store
	notifier notify.Notifier
	school   string
	log      *slog.Logger
	now      func() time.Time
}

// NewReminder builds a Reminder.
func NewReminder(st store.Store, n notify.Notifier, school string, log *slog.Logger) *Reminder {
	return &Reminder{store: st, notifier: n, school: school, log: log, now: time.Now}
}

func (r *Reminder) text(due store.DueInstalment, stage string) string {
	amount := fmt.Sprintf("%.2f %s", float64(due.AmountCents)/100, due.Currency)
	switch stage {
	case "upcoming":
		return fmt.Sprintf("%s: instalment %d of %s for %s is due on %s.",
			r.school, due.Seq, amount, due.CourseTitle, due.DueOn.Format("2 Jan"))
	case "overdue":
		return fmt.Sprintf("%s: we could not collect %s for %s. Please update your card or visit reception.",
			r.school, amount, due.CourseTitle)
	default:
		return fmt.Sprintf("%s: instalment %d of %s for %s is due today.",
			r.school, due.Seq, amount, due.CourseTitle)
	}
}

// RemindInput is the path of POST /v1/instalments/:id/remind.
type RemindInput struct {
	InstalmentID string `params:"id"`
}

// RemindView is returned by RemindNow.
type RemindView struct {
	InstalmentID string `json:"instalment_id"`
	MessageID    string `json:"message_id"`
	SentAt       string `json:"sent_at"`
}

// RemindNow lets staff send a reminder from the student's page.
func (r *Reminder) RemindNow(ctx context.Context, in RemindInput) (RemindView, error) {
	due, err := r.store.GetDueInstalment(ctx, in.InstalmentID)
	if errors.Is(err, store.ErrNotFound) {
		return RemindView{}, httpx.NotFound("instalment not found")
	}
	if err != nil {
		return RemindView{}, err
	}
	if due.Status == store.InstalmentPaid || due.Status == store.InstalmentCancelled {
		return RemindView{}, httpx.Conflict("instalment is " + due.Status)
	}
	if due.StudentPhone == "" {
		return RemindView{}, httpx.Unprocessable("student has no phone number")
	}
	stage := "due"
	if due.Status == store.InstalmentOverdue {
		stage = "overdue"
	}
	msgID, err := r.notifier.SMS(ctx, due.StudentPhone, r.text(due, stage))
	if err != nil {
		return RemindView{}, err
	}
	now := r.now()
	if err := r.store.SetInstalmentReminded(ctx, due.ID, now); err != nil {
		return RemindView{}, err
	}
	return RemindView{InstalmentID: due.ID, MessageID: msgID, SentAt: now.Format(time.RFC3339)}, nil
}

// Remind sends the scheduled reminder for a stage; it is run by the
// instalment_reminder job.
func (r *Reminder) Remind(ctx context.Context, instalmentID, stage string) error {
	due, err := r.store.GetDueInstalment(ctx, instalmentID)
	if err != nil {
		return err
	}
	if due.Status == store.InstalmentPaid || due.Status == store.InstalmentCancelled || due.StudentPhone == "" {
		return nil
	}
	n, _, err := r.store.ClaimNotification(ctx, store.Notification{
		ID:        "ntf_" + xid.New().String(),
		Channel:   "sms",
		Template:  "instalment_" + stage,
		DedupKey:  fmt.Sprintf("instalment:%s:%s:%s", due.ID, stage, due.DueOn.Format(time.DateOnly)),
		Recipient: due.StudentPhone,
	})
	if err != nil {
		return err
	}
	if n.Status == "sent" || n.Status == "delivered" {
		return nil
	}
	msgID, err := r.notifier.SMS(ctx, due.StudentPhone, r.text(due, stage), notify.WithReference(n.ID))
	if err != nil {
		_ = r.store.MarkNotificationFailed(ctx, n.ID, err.Error())
		return err
	}
	now := r.now()
	if err := r.store.MarkNotificationSent(ctx, n.ID, msgID, now); err != nil {
		return err
	}
	return r.store.SetInstalmentReminded(ctx, due.ID, now)
}
