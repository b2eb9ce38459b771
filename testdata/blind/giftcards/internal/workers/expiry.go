package workers

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/mailer"
	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/sms"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

const defaultSweepBatch = 500

// ExpirySweepWorker expires cards whose validity has ended and books the
// remaining balance as breakage.
type ExpirySweepWorker struct {
	river.WorkerDefaults[tasks.ExpirySweep]
	cards repo.Cards
	mail  mailer.Mailer
	now   func() time.Time
	log   *slog.Logger
}

func (w *ExpirySweepWorker) Work(ctx context.Context, job *river.Job[tasks.ExpirySweep]) error {
	batch := job.Args.BatchSize
	if batch <= 0 {
		batch = defaultSweepBatch
	}
	due, err := w.cards.ListExpiring(ctx, w.now(), int32(batch))
	if err != nil {
		return fmt.Errorf("list expiring: %w", err)
	}
	var expired, breakageTotal int64
	for _, card := range due {
		if card.RecipientEmail != nil && card.BalanceCents > 0 {
			if _, err := w.mail.Send(ctx, expiryNotice(card)); err != nil {
				return fmt.Errorf("expiry notice for %s: %w", card.ID, err)
			}
		}

		breakage, err := w.cards.Expire(ctx, card.ID)
		if store.IsNotFound(err) {
			continue // expired concurrently
		}
		if err != nil {
			return fmt.Errorf("expire %s: %w", card.ID, err)
		}
		expired++
		if breakage == 0 {
			continue
		}
		if err := w.cards.AddLedger(ctx, card.ID, "breakage", -breakage, fmt.Sprintf("sweep:%d", job.ID)); err != nil {
			return fmt.Errorf("breakage ledger for %s: %w", card.ID, err)
		}
		breakageTotal += breakage
	}
	w.log.InfoContext(ctx, "expiry sweep finished", "expired", expired, "breakage_cents", breakageTotal, "batch", len(due))
	return nil
}

func expiryNotice(c db.Card) mailer.Email {
	return mailer.Email{
		To:      *c.RecipientEmail,
		Subject: "Your gift card has expired",
		Text: fmt.Sprintf("Your gift card %s expired on %s with %s unused.\n"+
			"Contact support within 30 days if you believe this is a mistake.",
			ids.MaskCode(c.Code), c.ExpiresAt.Format("January 2, 2006"), formatAmount(c)),
		Tags: []string{"expiry"},
	}
}

// ExpiryReminderWorker texts card holders a couple of weeks before their
// card expires.
type ExpiryReminderWorker struct {
	river.WorkerDefaults[tasks.ExpiryReminder]
	cards  repo.Cards
	sms    sms.Sender
	window time.Duration
	now    func() time.Time
	log    *slog.Logger
}

func (w *ExpiryReminderWorker) Work(ctx context.Context, job *river.Job[tasks.ExpiryReminder]) error {
	due, err := w.cards.ListDueReminder(ctx, w.now().Add(w.window), 1000)
	if err != nil {
		return err
	}
	sent := 0
	for _, card := range due {
		if card.BalanceCents == 0 {
			continue
		}
		msg := sms.Message{
			To: *card.RecipientPhone,
			Body: fmt.Sprintf("Reminder: your gift card %s has %s left and expires on %s.",
				ids.MaskCode(card.Code), formatAmount(card), card.ExpiresAt.Format("Jan 2")),
			Reference: sms.Ref("exp", card.ID),
		}
		if _, err := w.sms.Send(ctx, msg); err != nil {
			return fmt.Errorf("reminder for %s: %w", card.ID, err)
		}
		if err := w.cards.MarkReminderSent(ctx, card.ID); err != nil {
			return err
		}
		sent++
	}
	w.log.InfoContext(ctx, "expiry reminders sent", "sent", sent, "due", len(due), "job_id", job.ID)
	return nil
}
