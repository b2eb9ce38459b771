package worker

import (
	"context"

	"github.com/hibiken/asynq"

	"github.com/larkspur-travel/tourdesk/internal/tasks"
)

func (w *Worker) placeHolds(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.BookingPayload](t)
	if err != nil {
		return err
	}
	return permanent(w.holds.PlaceForBooking(ctx, p.BookingID))
}

func (w *Worker) releaseHolds(ctx context.Context, t *asynq.Task) error {
	p, err := tasks.Decode[tasks.BookingPayload](t)
	if err != nil {
		return err
	}
	return permanent(w.holds.ReleaseForBooking(ctx, p.BookingID))
}

func (w *Worker) expireUnpaid(ctx context.Context, _ *asynq.Task) error {
	n, err := w.bookings.ExpireUnpaid(ctx)
	if n > 0 {
		w.log.InfoContext(ctx, "expired unpaid bookings", "count", n)
	}
	return err
}

func (w *Worker) lockManifests(ctx context.Context, _ *asynq.Task) error {
	_, err := w.departures.LockManifests(ctx)
	return err
}
