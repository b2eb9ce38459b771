package worker

import (
	"context"
	"errors"
	"math/rand/v2"
	"time"

	"github.com/hibiken/asynq"
	"github.com/segmentio/ksuid"

	"github.com/larkspur-travel/tourdesk/internal/platform/ids"
	"github.com/larkspur-travel/tourdesk/internal/tasks"
)

func (w *Worker) sendConfirmation(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.BookingPayload](t)
	if err != nil {
		return err
	}
	return permanent(w.notifications.SendBookingConfirmation(ctx, p.BookingID))
}

func (w *Worker) sendPreDeparture(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.PreDeparturePayload](t)
	if err != nil {
		return err
	}
	return permanent(w.notifications.SendPreDeparture(ctx, p))
}

// dailySweep fans out the day's balance charges and pre-departure emails.
func (w *Worker) dailySweep(ctx context.Context, _ *asynq.Task) error {
	today := time.Now().UTC().Format("20060102")
	var errs []error

	balances, err := w.departures.DueBalances(ctx)
	if err != nil {
		return err
	}
	for _, bookingID := range balances {
		err := w.queue.Enqueue(ctx, tasks.TypeChargeBalance, tasks.ChargeBalancePayload{BookingID: bookingID},
			asynq.TaskID(ids.TaskID("charge-balance", bookingID, today)))
		if err != nil {
			errs = append(errs, err)
		}
	}

	emails, err := w.departures.DuePreDeparture(ctx)
	if err != nil {
		return errors.Join(append(errs, err)...)
	}
	for _, p := range emails {
		// Spread the sends over an hour so the provider's rate limit is
		// not hit at 06:15 every morning.
		delay := time.Duration(rand.IntN(3600)) * time.Second
		taskID := "predeparture_" + ksuid.New().String()
		err := w.queue.Enqueue(ctx, tasks.TypeEmailPreDeparture, p, asynq.TaskID(taskID), asynq.ProcessIn(delay))
		if err != nil {
			errs = append(errs, err)
			continue
		}
		w.log.DebugContext(ctx, "pre-departure email scheduled", "booking_id", p.BookingID, "template", p.Template, "task_id", taskID)
	}
	w.log.InfoContext(ctx, "daily sweep", "balances", len(balances), "emails", len(emails))
	return errors.Join(errs...)
}
