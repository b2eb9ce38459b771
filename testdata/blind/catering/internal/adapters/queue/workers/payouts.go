package workers

import (
	"context"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/zap"

	"github.com/forkandfeast/catering/internal/core/ports"
)

// VenuePayoutWorker pays a planned commission payout to a partner venue.
type VenuePayoutWorker struct {
	river.WorkerDefaults[ports.VenuePayoutJob]
	payouts ports.PayoutService
}

func (w *VenuePayoutWorker) NextRetry(job *river.Job[ports.VenuePayoutJob]) time.Time {
	return time.Now().Add(time.Duration(job.Attempt*job.Attempt) * time.Minute)
}

func (w *VenuePayoutWorker) Work(ctx context.Context, job *river.Job[ports.VenuePayoutJob]) error {
	return w.payouts.PayVenue(ctx, job.Args.PayoutID)
}

// StaffRemindersWorker texts staff the day before their shifts.
type StaffRemindersWorker struct {
	river.WorkerDefaults[ports.StaffRemindersJob]
	staffing ports.StaffingService
	log      *zap.Logger
}

func (w *StaffRemindersWorker) Work(ctx context.Context, job *river.Job[ports.StaffRemindersJob]) error {
	n, err := w.staffing.SendReminders(ctx, job.Args.Day)
	w.log.Info("staff reminders", zap.Time("day", job.Args.Day), zap.Int("sent", n))
	return err
}
