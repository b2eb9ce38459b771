package consumers

import (
	"context"
	"fmt"
	"time"

	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/events"
	"github.com/sealpoint-labs/notary/internal/notify"
	"github.com/sealpoint-labs/notary/internal/reminders"
)

type ReminderStore interface {
	Schedule(ctx context.Context, r reminders.Reminder) error
}

type Mailer interface {
	Send(ctx context.Context, e notify.Email) (string, error)
}

type SignerDirectory interface {
	Signer(ctx context.Context, id string) (domain.Signer, error)
}

// SessionBooked schedules reminders and sends the booking confirmation.
type SessionBooked struct {
	Reminders ReminderStore
	Signers   SignerDirectory
	Mail      Mailer
	Now       func() time.Time
}

func (h *SessionBooked) Handle(ctx context.Context, d events.Delivery, ev events.SessionBooked) error {
	for _, r := range reminders.Plan(ev.SessionID, ev.ScheduledAt, h.Now()) {
		if err := h.Reminders.Schedule(ctx, r); err != nil {
			return fmt.Errorf("schedule %s reminder: %w", r.Kind, err)
		}
	}

	signer, err := h.Signers.Signer(ctx, ev.SignerID)
	if err != nil {
		return err
	}
	_, err = h.Mail.Send(ctx, notify.Email{
		To:       signer.Email,
		Template: "session-confirmation",
		Data: map[string]any{
			"first_name":   signer.FirstName,
			"scheduled_at": ev.ScheduledAt,
			"jurisdiction": ev.Jurisdiction,
			"session_id":   ev.SessionID,
		},
		DedupKey: "session-booked:" + d.MsgID,
	})
	return err
}
