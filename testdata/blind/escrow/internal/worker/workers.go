// Package worker holds the River workers and the processing client.
package worker

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/acme/escrow/internal/jobs"
)

// Releaser releases escrowed funds to sellers.
type Releaser interface {
	ReleaseFunds(ctx context.Context, escrowID string) error
}

// Batcher builds daily payout batches and pays their items.
type Batcher interface {
	CreateDailyBatch(ctx context.Context, day time.Time) (int64, error)
	PayItem(ctx context.Context, itemID int64) error
}

// FeeSettler sweeps platform fees.
type FeeSettler interface {
	SettlePlatformFees(ctx context.Context, day time.Time) error
}

// ReleaseFundsWorker runs jobs.ReleaseFundsArgs.
type ReleaseFundsWorker struct {
	river.WorkerDefaults[jobs.ReleaseFundsArgs]
	svc Releaser
}

func (w *ReleaseFundsWorker) Work(ctx context.Context, job *river.Job[jobs.ReleaseFundsArgs]) error {
	return w.svc.ReleaseFunds(ctx, job.Args.EscrowID)
}

// DailyPayoutBatchWorker runs jobs.DailyPayoutBatchArgs.
type DailyPayoutBatchWorker struct {
	river.WorkerDefaults[jobs.DailyPayoutBatchArgs]
	svc Batcher
	log *slog.Logger
}

func (w *DailyPayoutBatchWorker) Work(ctx context.Context, job *river.Job[jobs.DailyPayoutBatchArgs]) error {
	day, err := time.Parse(jobs.DateLayout, job.Args.BatchDate)
	if err != nil {
		return river.JobCancel(fmt.Errorf("bad batch date %q: %w", job.Args.BatchDate, err))
	}
	batchID, err := w.svc.CreateDailyBatch(ctx, day)
	if err != nil {
		return err
	}
	w.log.InfoContext(ctx, "daily batch done", "batch_id", batchID, "attempt", job.Attempt)
	return nil
}

func (w *DailyPayoutBatchWorker) Timeout(*river.Job[jobs.DailyPayoutBatchArgs]) time.Duration {
	return 5 * time.Minute
}

// SellerPayoutWorker runs jobs.SellerPayoutArgs.
type SellerPayoutWorker struct {
	river.WorkerDefaults[jobs.SellerPayoutArgs]
	svc Batcher
}

func (w *SellerPayoutWorker) Work(ctx context.Context, job *river.Job[jobs.SellerPayoutArgs]) error {
	return w.svc.PayItem(ctx, job.Args.PayoutItemID)
}

// SettlePlatformFeesWorker runs jobs.SettlePlatformFeesArgs.
type SettlePlatformFeesWorker struct {
	river.WorkerDefaults[jobs.SettlePlatformFeesArgs]
	svc FeeSettler
}

func (w *SettlePlatformFeesWorker) Work(ctx context.Context, job *river.Job[jobs.SettlePlatformFeesArgs]) error {
	day, err := time.Parse(jobs.DateLayout, job.Args.Date)
	if err != nil {
		return river.JobCancel(err)
	}
	return w.svc.SettlePlatformFees(ctx, day)
}

// NewWorkers registers every worker.
func NewWorkers(rel Releaser, batch Batcher, fees FeeSettler, log *slog.Logger) *river.Workers {
	w := river.NewWorkers()
	river.AddWorker(w, &ReleaseFundsWorker{svc: rel})
	river.AddWorker(w, &DailyPayoutBatchWorker{svc: batch, log: log.With("worker", "daily_payout_batch")})
	river.AddWorker(w, &SellerPayoutWorker{svc: batch})
	river.AddWorker(w, &SettlePlatformFeesWorker{svc: fees})
	return w
}

// periodicJobs schedules yesterday's payout batch and fee settlement. The
// arguments carry the date, so the unique options keep one job per day.
func periodicJobs(now func() time.Time) []*river.PeriodicJob {
	yesterday := func() string { return now().UTC().AddDate(0, 0, -1).Format(jobs.DateLayout) }
	return []*river.PeriodicJob{
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return jobs.DailyPayoutBatchArgs{BatchDate: yesterday()}, nil
		}, &river.PeriodicJobOpts{ID: "daily_payout_batch"}),
		river.NewPeriodicJob(river.PeriodicInterval(time.Hour), func() (river.JobArgs, *river.InsertOpts) {
			return jobs.SettlePlatformFeesArgs{Date: yesterday()}, nil
		}, &river.PeriodicJobOpts{ID: "settle_platform_fees"}),
	}
}

// NewClient returns the River client that processes jobs.
func NewClient(pool *pgxpool.Pool, workers *river.Workers, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log.With("component", "river"),
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: 5},
			jobs.QueuePayments: {MaxWorkers: 10},
			jobs.QueuePayouts:  {MaxWorkers: 5},
			jobs.QueueLedger:   {MaxWorkers: 2},
		},
		Workers:      workers,
		PeriodicJobs: periodicJobs(time.Now),
		JobTimeout:   2 * time.Minute,
	})
}
