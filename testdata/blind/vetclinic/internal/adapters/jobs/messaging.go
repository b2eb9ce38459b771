package jobs

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/pawpath/vetclinic/internal/core/jobargs"
	"github.com/pawpath/vetclinic/internal/core/services"
	"github.com/pawpath/vetclinic/internal/errs"
)

// SendReminderWorker sends one appointment reminder. Provider outages are
// retried quickly since reminders are time-sensitive.
type SendReminderWorker struct {
	river.WorkerDefaults[jobargs.SendReminder]
	reminders *services.ReminderService
}

func (w *SendReminderWorker) Work(ctx context.Context, job *river.Job[jobargs.SendReminder]) error {
	err := w.reminders.Send(ctx, job.Args.AppointmentID, job.Args.ReminderKind)
	if errs.Is(errs.NotFound, err) {
		return river.JobCancel(err)
	}
	return err
}

func (w *SendReminderWorker) NextRetry(job *river.Job[jobargs.SendReminder]) time.Time {
	backoff := time.Duration(job.Attempt*job.Attempt) * 30 * time.Second
	return time.Now().Add(min(backoff, 20*time.Minute))
}

func (w *SendReminderWorker) Timeout(*river.Job[jobargs.SendReminder]) time.Duration {
	return 30 * time.Second
}

// RouteRefillWorker hands a refill request to a partner pharmacy.
type RouteRefillWorker struct {
	river.WorkerDefaults[jobargs.RouteRefill]
	refills *services.RefillService
}

func (w *RouteRefillWorker) Work(ctx context.Context, job *river.Job[jobargs.RouteRefill]) error {
	if err := w.refills.Route(ctx, job.Args.RefillRequestID); err != nil {
		if errs.Is(errs.NotFound, err) {
			return river.JobCancel(err)
		}
		return err
	}
	return nil
}

func (w *RouteRefillWorker) Timeout(*river.Job[jobargs.RouteRefill]) time.Duration {
	return 2 * time.Minute
}
