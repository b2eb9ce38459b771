package workers

import (
	"context"
	"errors"
	"fmt"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/lumen-gift/giftcards/internal/db"
	"github.com/lumen-gift/giftcards/internal/ids"
	"github.com/lumen-gift/giftcards/internal/mailer"
	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/sms"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
)

// DeliverCodeWorker sends a card code for one delivery row.
//
// SMS: the delivery id is the provider's client_reference, so a retried job
// that already reached TextRelay gets the original message back.
// Email: Postbox cannot de-duplicate, so the delivery is claimed
// (pending -> sending) before the send and never sent twice; a delivery
// stuck in "sending" is surfaced to support instead of being re-sent.
type DeliverCodeWorker struct {
	river.WorkerDefaults[tasks.DeliverCode]
	deliveries repo.Deliveries
	cards      repo.Cards
	sms        sms.Sender
	mail       mailer.Mailer
	log        *slog.Logger
}

func (w *DeliverCodeWorker) Work(ctx context.Context, job *river.Job[tasks.DeliverCode]) error {
	d, err := w.deliveries.Get(ctx, job.Args.DeliveryID)
	if store.IsNotFound(err) {
		return river.JobCancel(fmt.Errorf("delivery %s not found", job.Args.DeliveryID))
	}
	if err != nil {
		return err
	}
	if d.Status == "sent" || d.Status == "failed" {
		return nil
	}
	card, err := w.cards.Get(ctx, d.CardID)
	if err != nil {
		return err
	}
	if card.Status == "void" || card.Status == "expired" {
		return w.deliveries.MarkFailed(ctx, d.ID)
	}

	switch d.Channel {
	case "sms":
		return w.sendSMS(ctx, job, d, card)
	case "email":
		return w.sendEmail(ctx, job, d, card)
	default:
		return river.JobCancel(fmt.Errorf("unknown channel %q", d.Channel))
	}
}

func (w *DeliverCodeWorker) sendSMS(ctx context.Context, job *river.Job[tasks.DeliverCode], d db.Delivery, card db.Card) error {
	receipt, err := w.sms.Send(ctx, sms.Message{
		To:        d.Destination,
		Body:      fmt.Sprintf("Your %s gift card code is %s. Check your balance at giftcards.example/b", formatAmount(card), card.Code),
		Reference: d.ID,
	})
	if logErr := w.deliveries.RecordAttempt(ctx, d.ID, job.Attempt, err); logErr != nil {
		w.log.WarnContext(ctx, "record delivery attempt", "delivery_id", d.ID, "err", logErr)
	}
	if err != nil {
		var apiErr *sms.APIError
		if errors.As(err, &apiErr) && !apiErr.Temporary() {
			_ = w.deliveries.MarkFailed(ctx, d.ID)
			return river.JobCancel(err)
		}
		return err
	}
	return w.deliveries.MarkSent(ctx, d.ID, receipt.MessageID)
}

func (w *DeliverCodeWorker) sendEmail(ctx context.Context, job *river.Job[tasks.DeliverCode], d db.Delivery, card db.Card) error {
	claimed, err := w.deliveries.Claim(ctx, d.ID)
	if err != nil {
		return err
	}
	if !claimed {
		w.log.WarnContext(ctx, "email delivery already claimed by an earlier attempt; leaving for support",
			"delivery_id", d.ID, "status", d.Status, "attempt", job.Attempt)
		return nil
	}
	msgID, err := w.mail.Send(ctx, mailer.Email{
		To:      d.Destination,
		Subject: "Your gift card",
		Text: fmt.Sprintf("You have received a %s gift card.\n\nCode: %s\nValid until: %s\n",
			formatAmount(card), card.Code, card.ExpiresAt.Format("January 2, 2006")),
		Tags:     []string{"card-code"},
		Metadata: map[string]string{"delivery_id": d.ID, "trace": ids.New("trc")},
	})
	if logErr := w.deliveries.RecordAttempt(ctx, d.ID, job.Attempt, err); logErr != nil {
		w.log.WarnContext(ctx, "record delivery attempt", "delivery_id", d.ID, "err", logErr)
	}
	if err != nil {
		if mErr := w.deliveries.MarkFailed(ctx, d.ID); mErr != nil {
			return errors.Join(err, mErr)
		}
		return river.JobCancel(err)
	}
	return w.deliveries.MarkSent(ctx, d.ID, msgID)
}

func formatAmount(c db.Card) string {
	return fmt.Sprintf("%d.%02d %s", c.BalanceCents/100, c.BalanceCents%100, c.Currency)
}
