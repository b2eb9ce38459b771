package workers

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/service/dispatch"
	"github.com/haulcore/wastehaul/internal/service/pickups"
	"github.com/haulcore/wastehaul/internal/store"
)

// AssignDriverWorker assigns a driver and route stop to a new pickup.
type AssignDriverWorker struct {
	river.WorkerDefaults[jobargs.AssignDriver]
	pickups pickups.Service
	log     *slog.Logger
}

// routeWait is how long to wait for the planner to build a missing route.
const routeWait = 20 * time.Minute

// Work implements river.Worker.
func (w *AssignDriverWorker) Work(ctx context.Context, job *river.Job[jobargs.AssignDriver]) error {
	err := w.pickups.AssignDriver(ctx, job.Args.PickupID)
	switch {
	case errors.Is(err, pickups.ErrNoRoute):
		w.log.InfoContext(ctx, "route not planned yet", "pickup", job.Args.PickupID)
		return river.JobSnooze(routeWait)
	case errors.Is(err, store.ErrNotFound):
		return river.JobCancel(err)
	}
	return err
}

// SendMessageWorker delivers a stored driver message.
type SendMessageWorker struct {
	river.WorkerDefaults[jobargs.SendDriverMessage]
	dispatch dispatch.Service
}

// Work implements river.Worker.
func (w *SendMessageWorker) Work(ctx context.Context, job *river.Job[jobargs.SendDriverMessage]) error {
	return w.dispatch.Deliver(ctx, job.Args.MessageID)
}

// Timeout implements river.Worker.
func (w *SendMessageWorker) Timeout(*river.Job[jobargs.SendDriverMessage]) time.Duration {
	return 30 * time.Second
}
