package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"go.uber.org/fx"

	"github.com/northsound/ferrydesk/internal/app"
	"github.com/northsound/ferrydesk/internal/config"
	"github.com/northsound/ferrydesk/internal/jobs"
	"github.com/northsound/ferrydesk/internal/platform/queue"
)

// Params are the services the workers call.
type Params struct {
	fx.In

	Config    config.Config
	Log       *slog.Logger
	Bookings  *app.Bookings
	Refunds   *app.Refunds
	Loyalty   *app.Loyalty
	Manifests *app.Manifests
	Boarding  *app.Boarding
	Notifier  *app.Notifier
}

// NewWorkers registers every worker. Each entry is one job kind.
func NewWorkers(p Params) (*river.Workers, error) {
	log := p.Log.With("component", "worker")
	ws := river.NewWorkers()

	registrations := []func() error{
		func() error {
			return river.AddWorkerSafely(ws, withLogging(workFn(
				func(ctx context.Context, job *river.Job[jobs.ExpireHoldArgs]) error {
					return p.Bookings.ExpireHold(ctx, job.Args.BookingID)
				}), log))
		},
		func() error {
			return river.AddWorkerSafely(ws, withLogging(workFn(
				func(ctx context.Context, job *river.Job[jobs.ConfirmationEmailArgs]) error {
					return p.Notifier.SendConfirmation(ctx, job.Args.BookingID)
				}), log))
		},
		func() error {
			return river.AddWorkerSafely(ws, withLogging(workFn(
				func(ctx context.Context, job *river.Job[jobs.BoardingPassArgs]) error {
					return p.Boarding.SendPass(ctx, job.Args.BoardingPassID)
				}, withTimeout(30*time.Second)), log))
		},
		func() error {
			return river.AddWorkerSafely(ws, withLogging(workFn(
				func(ctx context.Context, job *river.Job[jobs.DisruptionNoticeArgs]) error {
					return p.Notifier.NotifyDisruption(ctx, job.Args.SailingID, job.Args.Reason)
				}, withTimeout(5*time.Minute)), log))
		},
		func() error {
			return river.AddWorkerSafely(ws, withLogging(workFn(
				func(ctx context.Context, job *river.Job[jobs.ManifestSubmitArgs]) error {
					return p.Manifests.Submit(ctx, job.Args.SailingID)
				}, withTimeout(2*time.Minute)), log))
		},
		func() error {
			return river.AddWorkerSafely(ws, withLogging(workFn(
				func(ctx context.Context, job *river.Job[jobs.ManifestAmendArgs]) error {
					return p.Manifests.Amend(ctx, job.Args.SailingID, job.Args.PassengerID)
				}), log))
		},
		func() error {
			return river.AddWorkerSafely[jobs.RefundArgs](ws, withLogging[jobs.RefundArgs](&refundWorker{refunds: p.Refunds}, log))
		},
		func() error {
			return river.AddWorkerSafely[jobs.LoyaltyAccrueArgs](ws, withLogging[jobs.LoyaltyAccrueArgs](&loyaltyAccrueWorker{loyalty: p.Loyalty}, log))
		},
		func() error {
			return river.AddWorkerSafely[jobs.ManifestSweepArgs](ws, &manifestSweepWorker{
				manifests: p.Manifests, lead: p.Config.ManifestLeadTime, log: log,
			})
		},
	}
	for _, reg := range registrations {
		if err := reg(); err != nil {
			return nil, fmt.Errorf("register worker: %w", err)
		}
	}
	return ws, nil
}

// periodicJobs are the schedules the worker client runs.
func periodicJobs() []*river.PeriodicJob {
	return []*river.PeriodicJob{
		river.NewPeriodicJob(
			river.PeriodicInterval(10*time.Minute),
			func() (river.JobArgs, *river.InsertOpts) {
				return jobs.ManifestSweepArgs{}, &river.InsertOpts{Queue: jobs.QueuePort}
			},
			&river.PeriodicJobOpts{ID: "manifest-sweep", RunOnStart: true},
		),
	}
}

// Module runs the workers.
var Module = fx.Module("worker",
	fx.Provide(
		NewWorkers,
		fx.Annotate(periodicJobs, fx.ResultTags(`group:"periodic,flatten"`)),
		queue.NewWorkerClient,
	),
	fx.Invoke(func(queue.WorkerClient) {}),
)

// refundWorker issues refunds queued by cancellations and agents.
type refundWorker struct {
	river.WorkerDefaults[jobs.RefundArgs]
	refunds *app.Refunds
}

func (w *refundWorker) Work(ctx context.Context, job *river.Job[jobs.RefundArgs]) error {
	return w.refunds.Issue(ctx, job.Args)
}

func (w *refundWorker) Timeout(*river.Job[jobs.RefundArgs]) time.Duration { return 45 * time.Second }

// loyaltyAccrueWorker credits miles for a paid booking, then re-tiers the
// member.
type loyaltyAccrueWorker struct {
	river.WorkerDefaults[jobs.LoyaltyAccrueArgs]
	loyalty *app.Loyalty
}

func (w *loyaltyAccrueWorker) Work(ctx context.Context, job *river.Job[jobs.LoyaltyAccrueArgs]) error {
	member, err := w.loyalty.Accrue(ctx, job.Args.BookingID)
	if err != nil || member == nil {
		return err
	}
	return w.loyalty.RecomputeTier(ctx, *member)
}

// manifestSweepWorker runs from the periodic schedule.
type manifestSweepWorker struct {
	river.WorkerDefaults[jobs.ManifestSweepArgs]
	manifests *app.Manifests
	lead      time.Duration
	log       *slog.Logger
}

func (w *manifestSweepWorker) Work(ctx context.Context, _ *river.Job[jobs.ManifestSweepArgs]) error {
	n, err := w.manifests.QueueDue(ctx, w.lead)
	if err != nil {
		return err
	}
	if n > 0 {
		w.log.InfoContext(ctx, "manifest filings queued", "count", n)
	}
	return nil
}
