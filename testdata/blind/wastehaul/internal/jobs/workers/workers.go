// Package workers implements the River workers run by cmd/worker.
package workers

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/haulcore/wastehaul/internal/jobs/jobargs"
	"github.com/haulcore/wastehaul/internal/service/billing"
	"github.com/haulcore/wastehaul/internal/service/dispatch"
	"github.com/haulcore/wastehaul/internal/service/disposal"
	"github.com/haulcore/wastehaul/internal/service/pickups"
	"github.com/haulcore/wastehaul/internal/service/tickets"
	"github.com/haulcore/wastehaul/internal/service/tipping"
)

// funcWorker adapts a plain function to river.Worker with a per-kind
// timeout and a completion log line.
type funcWorker[T river.JobArgs] struct {
	river.WorkerDefaults[T]
	fn      func(ctx context.Context, args T) error
	timeout time.Duration
	log     *slog.Logger
}

// Func wraps fn as a worker.
func Func[T river.JobArgs](log *slog.Logger, timeout time.Duration, fn func(ctx context.Context, args T) error) river.Worker[T] {
	return &funcWorker[T]{fn: fn, timeout: timeout, log: log}
}

func (w *funcWorker[T]) Timeout(*river.Job[T]) time.Duration {
	if w.timeout > 0 {
		return w.timeout
	}
	return time.Minute
}

func (w *funcWorker[T]) Work(ctx context.Context, job *river.Job[T]) error {
	start := time.Now()
	err := w.fn(ctx, job.Args)
	w.log.DebugContext(ctx, "job worked",
		"kind", job.Kind, "id", job.ID, "attempt", job.Attempt,
		"dur_ms", time.Since(start).Milliseconds(), "err", err)
	return err
}

// Deps lists every service a worker calls.
type Deps struct {
	Pickups  pickups.Service
	Dispatch dispatch.Service
	Billing  billing.Service
	Tickets  tickets.Service
	Tipping  tipping.Service
	Disposal disposal.Service
	Log      *slog.Logger
}

// New registers all workers.
func New(d Deps) *river.Workers {
	w := river.NewWorkers()

	river.AddWorker(w, &AssignDriverWorker{pickups: d.Pickups, log: d.Log})
	river.AddWorker(w, Func(d.Log, 30*time.Second, func(ctx context.Context, a jobargs.NotifyDriver) error {
		return d.Dispatch.Notify(ctx, a)
	}))
	river.AddWorker(w, &SendMessageWorker{dispatch: d.Dispatch})

	river.AddWorker(w, &AutopayWorker{billing: d.Billing})
	river.AddWorker(w, &RentalCycleWorker{billing: d.Billing, log: d.Log})

	river.AddWorker(w, Func(d.Log, time.Minute, func(ctx context.Context, a jobargs.PriceTicket) error {
		return d.Tickets.Price(ctx, a.TicketID)
	}))
	river.AddWorker(w, &RemitTippingWorker{tipping: d.Tipping})
	river.AddWorker(w, Func(d.Log, 45*time.Second, func(ctx context.Context, a jobargs.BookTipSlot) error {
		return d.Disposal.BookSlot(ctx, a.LoadID)
	}))

	river.AddWorker(w, &RemindersWorker{pickups: d.Pickups, log: d.Log})
	river.AddWorker(w, &RecurringWorker{pickups: d.Pickups, log: d.Log})
	return w
}
