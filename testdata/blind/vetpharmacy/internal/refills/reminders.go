package refills

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/kestrelvet/refillrx/internal/db"
)

type ReminderStore interface {
	ReminderDue(ctx context.Context, limit int32) ([]db.ReminderDueRow, error)
	MarkReminded(ctx context.Context, ids []string) error
}

// Texter is implemented by *sms.Client.
type Texter interface {
	Send(ctx context.Context, to, body string) (string, error)
}

// Reminders texts owners whose prescription is about to run out of refills
// so they can book a re-examination in time. The messages are marketing-class
// and go straight to the SMS gateway rather than through the notifications
// table.
type Reminders struct {
	store     ReminderStore
	texter    Texter
	batchSize int32
	log       *slog.Logger
}

func NewReminders(st ReminderStore, t Texter, log *slog.Logger) *Reminders {
	return &Reminders{store: st, texter: t, batchSize: 500, log: log}
}

func (r *Reminders) Run(ctx context.Context) (int, error) {
	due, err := r.store.ReminderDue(ctx, r.batchSize)
	if err != nil {
		return 0, err
	}
	sent := make([]string, 0, len(due))
	for _, row := range due {
		body := fmt.Sprintf("Hi %s, %s has %d refill(s) left. Book a check-up with your vet so we can keep it coming. Reply STOP to opt out.",
			row.OwnerName, row.ProductName, row.RefillsRemaining)
		if _, err := r.texter.Send(ctx, row.Phone, body); err != nil {
			return len(sent), fmt.Errorf("reminder for %s: %w", row.PrescriptionID, err)
		}
		sent = append(sent, row.PrescriptionID)
	}
	if err := r.store.MarkReminded(ctx, sent); err != nil {
		return len(sent), err
	}
	r.log.InfoContext(ctx, "refill reminders sent", "count", len(sent))
	return len(sent), nil
}
