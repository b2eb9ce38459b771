package workers

import (
	"context"
	"log/slog"

	"github.com/riverqueue/river"

	"github.com/northmill/procure/internal/tasks"
)

// ExpireReservationsWorker releases budget reservations past expiry.
type ExpireReservationsWorker struct {
	river.WorkerDefaults[tasks.ExpireReservations]
	budgets ReservationExpirer
	batch   int
}

// Work implements river.Worker.
func (w *ExpireReservationsWorker) Work(ctx context.Context, job *river.Job[tasks.ExpireReservations]) error {
	for {
		n, err := w.budgets.ExpireReservations(ctx, w.batch)
		if err != nil {
			return err
		}
		if n > 0 {
			slog.InfoContext(ctx, "expired budget reservations", "count", n, "job_id", job.ID)
		}
		if n < w.batch {
			return nil
		}
	}
}
