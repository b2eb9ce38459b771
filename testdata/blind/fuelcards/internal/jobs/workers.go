// Package jobs registers the river workers. Each worker is a thin adapter
// from a job's args to a service call, wrapped in the shared pipeline
// decorators.
package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"github.com/ridgeline-fleet/fuelcards/internal/jobs/jobargs"
	"github.com/ridgeline-fleet/fuelcards/internal/pipeline"
	"github.com/ridgeline-fleet/fuelcards/internal/service/alerts"
	"github.com/ridgeline-fleet/fuelcards/internal/service/fraud"
	"github.com/ridgeline-fleet/fuelcards/internal/service/rebates"
	"github.com/ridgeline-fleet/fuelcards/internal/service/settlement"
)

// worker adapts a pipeline handler to river.Worker.
type worker[A river.JobArgs] struct {
	river.WorkerDefaults[A]
	handle  pipeline.Handler[*river.Job[A], pipeline.Unit]
	timeout time.Duration
}

func (w *worker[A]) Work(ctx context.Context, job *river.Job[A]) error {
	_, err := w.handle(ctx, job)
	return err
}

func (w *worker[A]) Timeout(*river.Job[A]) time.Duration { return w.timeout }

// register adds a worker for A. A zero timeout uses the client default.
func register[A river.JobArgs](ws *river.Workers, log *slog.Logger, timeout time.Duration, fn func(context.Context, *river.Job[A]) error) {
	var args A
	h := pipeline.Chain(pipeline.Func(fn),
		pipeline.Logged[*river.Job[A], pipeline.Unit](log, "job:"+args.Kind()),
	)
	river.AddWorker(ws, &worker[A]{handle: h, timeout: timeout})
}

// Deps are the services the workers call.
type Deps struct {
	fx.In

	Settlement *settlement.Service
	Rebates    *rebates.Service
	Alerts     *alerts.Service
	Fraud      *fraud.Service
	Log        *slog.Logger
}

// NewWorkers builds the worker registry.
func NewWorkers(d Deps) *river.Workers {
	ws := river.NewWorkers()

	register(ws, d.Log, 15*time.Minute, func(ctx context.Context, j *river.Job[jobargs.SettlementIngest]) error {
		return d.Settlement.Ingest(ctx, j.Args.FileID)
	})
	register(ws, d.Log, 10*time.Minute, func(ctx context.Context, j *river.Job[jobargs.SettlementMatch]) error {
		return d.Settlement.Match(ctx, j.Args.FileID)
	})
	register(ws, d.Log, 0, func(ctx context.Context, j *river.Job[jobargs.SettlementPost]) error {
		return d.Settlement.Post(ctx, j.Args.FileID)
	})
	register(ws, d.Log, 0, func(ctx context.Context, j *river.Job[jobargs.SettlementRemit]) error {
		return d.Settlement.Remit(ctx, j.Args.FileID)
	})
	register(ws, d.Log, 0, func(ctx context.Context, j *river.Job[jobargs.RebateCalculate]) error {
		return d.Rebates.Calculate(ctx, j.Args.FleetID, j.Args.Period)
	})
	register(ws, d.Log, 0, func(ctx context.Context, j *river.Job[jobargs.RebatePayout]) error {
		return d.Rebates.Pay(ctx, j.Args.RebateID, j.Attempt)
	})
	register(ws, d.Log, 0, func(ctx context.Context, j *river.Job[jobargs.RebateCredit]) error {
		return d.Rebates.Credit(ctx, j.Args.RebateID)
	})
	register(ws, d.Log, 30*time.Second, func(ctx context.Context, j *river.Job[jobargs.SMSAlert]) error {
		return d.Alerts.Dispatch(ctx, j.Args.AlertID)
	})
	register(ws, d.Log, 0, func(ctx context.Context, j *river.Job[jobargs.FraudVelocity]) error {
		return d.Fraud.CheckVelocity(ctx, j.Args.NetworkAuthID)
	})

	return ws
}
