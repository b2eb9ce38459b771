package revenue

import (
	"context"
	"time"

	"github.com/riverqueue/river"

	"github.com/curbline-civic/permits/internal/renewals"
)

// DailyPostWorker runs PostDay for the job's business date.
type DailyPostWorker struct {
	river.WorkerDefaults[renewals.RevenuePostArgs]
	Poster   *Poster
	Location *time.Location
}

func (w *DailyPostWorker) Work(ctx context.Context, job *river.Job[renewals.RevenuePostArgs]) error {
	day, err := time.ParseInLocation(time.DateOnly, job.Args.BusinessDate, w.Location)
	if err != nil {
		return river.JobCancel(err)
	}
	return w.Poster.PostDay(ctx, day)
}

func (w *DailyPostWorker) Timeout(*river.Job[renewals.RevenuePostArgs]) time.Duration {
	return 10 * time.Minute
}
