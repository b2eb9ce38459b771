package workers

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/service/pickups"
)

// RemindersWorker texts customers about their next-day pickups.
type RemindersWorker struct {
	river.WorkerDefaults[jobargs.PickupReminders]
	pickups pickups.Service
	log     *slog.Logger
}

// Work implements river.Worker.
func (w *RemindersWorker) Work(ctx context.Context, job *river.Job[jobargs.PickupReminders]) error {
	n, err := w.pickups.SendReminders(ctx, job.Args.ServiceDate)
	if err != nil {
		return err
	}
	w.log.InfoContext(ctx, "reminders", "date", job.Args.ServiceDate.Format("2006-01-02"), "sent", n)
	return nil
}

// RecurringWorker creates the day's pickups from weekly schedules.
type RecurringWorker struct {
	river.WorkerDefaults[jobargs.RecurringPickups]
	pickups pickups.Service
	log     *slog.Logger
}

// Work implements river.Worker.
func (w *RecurringWorker) Work(ctx context.Context, job *river.Job[jobargs.RecurringPickups]) error {
	n, err := w.pickups.GenerateRecurring(ctx, job.Args.ServiceDate)
	w.log.InfoContext(ctx, "recurring pickups", "date", job.Args.ServiceDate.Format("2006-01-02"), "created", n)
	return err
}
