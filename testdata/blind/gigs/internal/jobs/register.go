// Package jobs holds the River workers. Each worker is a thin adapter from
// job args to a service call; Register adds them to a river.Workers bundle.
package jobs

import (
	"errors"
	"fmt"
	"time"

	"github.com/riverqueue/river"

	"github.com/gigbridge/escrow/internal/metrics"
	"github.com/gigbridge/escrow/internal/queue"
	"github.com/gigbridge/escrow/internal/service"
)

// Registration adds one worker to a bundle.
type Registration interface {
	Kind() string
	register(ws *river.Workers) error
}

type registration[T river.JobArgs] struct {
	worker river.Worker[T]
}

func (r registration[T]) Kind() string {
	var args T
	return args.Kind()
}

func (r registration[T]) register(ws *river.Workers) error {
	return river.AddWorkerSafely(ws, r.worker)
}

// Of wraps a typed worker as a Registration.
func Of[T river.JobArgs](w river.Worker[T]) Registration {
	return registration[T]{worker: w}
}

// Register adds every registration to ws, failing on the first duplicate.
func Register(ws *river.Workers, regs []Registration) error {
	for _, r := range regs {
		if err := r.register(ws); err != nil {
			return fmt.Errorf("register worker %s: %w", r.Kind(), err)
		}
	}
	return nil
}

// Workers lists every worker of the escrow service.
func Workers(
	milestones service.Milestones,
	work service.Work,
	fees service.Fees,
	disputes service.Disputes,
	payouts service.Payouts,
	fx service.FX,
	tax service.Tax,
	rec *metrics.Recorder,
	now func() time.Time,
) []Registration {
	return []Registration{
		Of[queue.ReleaseFundsArgs](&ReleaseFundsWorker{work: work, rec: rec}),
		Of[queue.PlatformFeeArgs](&PlatformFeeWorker{fees: fees, rec: rec}),
		Of[queue.DisputeSplitArgs](&DisputeSplitWorker{disputes: disputes, rec: rec}),
		Of[queue.AutoApproveArgs](&AutoApproveWorker{work: work, rec: rec, now: now}),
		Of[queue.DispatchPayoutArgs](&DispatchPayoutWorker{payouts: payouts, rec: rec}),
		Of[queue.ReconcilePayoutsArgs](&ReconcilePayoutsWorker{payouts: payouts, rec: rec, now: now}),
		Of[queue.ExpireQuotesArgs](&ExpireQuotesWorker{fx: fx, rec: rec, now: now}),
		Of[queue.SendTaxFormArgs](&SendTaxFormWorker{tax: tax, rec: rec}),
		Of[queue.RefundChargeArgs](&RefundChargeWorker{milestones: milestones, rec: rec}),
	}
}

// PeriodicJobs lists the scheduled jobs.
func PeriodicJobs() []*river.PeriodicJob {
	type periodic struct {
		every time.Duration
		args  river.JobArgs
	}
	table := []periodic{
		{queue.AutoApproveEvery, queue.AutoApproveArgs{}},
		{queue.ReconcilePayoutsEvery, queue.ReconcilePayoutsArgs{}},
		{queue.ExpireQuotesEvery, queue.ExpireQuotesArgs{}},
	}
	out := make([]*river.PeriodicJob, 0, len(table))
	for _, p := range table {
		args := p.args
		out = append(out, river.NewPeriodicJob(
			river.PeriodicInterval(p.every),
			func() (river.JobArgs, *river.InsertOpts) { return args, nil },
			&river.PeriodicJobOpts{RunOnStart: true},
		))
	}
	return out
}

// finish records the job outcome and turns permanent service failures into
// cancellations so River stops retrying them.
func finish(rec *metrics.Recorder, kind string, err error) error {
	rec.Job(kind, err)
	if err != nil && errors.Is(err, service.ErrPermanent) {
		return river.JobCancel(err)
	}
	return err
}
