package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/harborline/claims/internal/platform/logx"
)

// PayoutExecutor is the payouts service as seen by the workers.
type PayoutExecutor interface {
	ExecuteTransfer(ctx context.Context, payoutID uuid.UUID, attempt int) error
	ExecuteBankPayout(ctx context.Context, payoutID uuid.UUID) error
}

// RepairExecutor is the repairs service as seen by the workers.
type RepairExecutor interface {
	ExecuteBooking(ctx context.Context, bookingID uuid.UUID) error
}

// SubrogationOpener is the subrogation service as seen by the workers.
type SubrogationOpener interface {
	OpenCase(ctx context.Context, claimID uuid.UUID) error
}

// ReserveRecalculator is the reserves service as seen by the workers.
type ReserveRecalculator interface {
	Recalculate(ctx context.Context, claimID uuid.UUID) error
}

// TransferPayoutWorker runs TransferPayoutArgs.
type TransferPayoutWorker struct {
	river.WorkerDefaults[TransferPayoutArgs]
	Payouts PayoutExecutor
}

func (w *TransferPayoutWorker) Work(ctx context.Context, job *river.Job[TransferPayoutArgs]) error {
	ctx = logx.With(ctx, "job_id", job.ID, "payout_id", job.Args.PayoutID)
	return w.Payouts.ExecuteTransfer(ctx, job.Args.PayoutID, job.Attempt)
}

// BankPayoutWorker runs BankPayoutArgs.
type BankPayoutWorker struct {
	river.WorkerDefaults[BankPayoutArgs]
	Payouts PayoutExecutor
}

func (w *BankPayoutWorker) Work(ctx context.Context, job *river.Job[BankPayoutArgs]) error {
	ctx = logx.With(ctx, "job_id", job.ID, "payout_id", job.Args.PayoutID)
	return w.Payouts.ExecuteBankPayout(ctx, job.Args.PayoutID)
}

func (w *BankPayoutWorker) Timeout(*river.Job[BankPayoutArgs]) time.Duration { return 2 * time.Minute }

// BookRepairWorker runs BookRepairArgs.
type BookRepairWorker struct {
	river.WorkerDefaults[BookRepairArgs]
	Repairs RepairExecutor
}

func (w *BookRepairWorker) Work(ctx context.Context, job *river.Job[BookRepairArgs]) error {
	ctx = logx.With(ctx, "job_id", job.ID, "booking_id", job.Args.BookingID)
	return w.Repairs.ExecuteBooking(ctx, job.Args.BookingID)
}

// OpenSubrogationWorker runs OpenSubrogationArgs.
type OpenSubrogationWorker struct {
	river.WorkerDefaults[OpenSubrogationArgs]
	Subrogation SubrogationOpener
}

func (w *OpenSubrogationWorker) Work(ctx context.Context, job *river.Job[OpenSubrogationArgs]) error {
	ctx = logx.With(ctx, "job_id", job.ID, "claim_id", job.Args.ClaimID)
	return w.Subrogation.OpenCase(ctx, job.Args.ClaimID)
}

// ReserveRecalcWorker runs ReserveRecalcArgs.
type ReserveRecalcWorker struct {
	river.WorkerDefaults[ReserveRecalcArgs]
	Reserves ReserveRecalculator
}

func (w *ReserveRecalcWorker) Work(ctx context.Context, job *river.Job[ReserveRecalcArgs]) error {
	return w.Reserves.Recalculate(ctx, job.Args.ClaimID)
}

// Deps are the services the workers call.
type Deps struct {
	Payouts     PayoutExecutor
	Repairs     RepairExecutor
	Subrogation SubrogationOpener
	Reserves    ReserveRecalculator
}

// registration adds one worker to a river.Workers bundle.
type registration func(*river.Workers) error

// table lists every worker this service runs.
func table(d Deps) []registration {
	return []registration{
		func(w *river.Workers) error {
			return river.AddWorkerSafely(w, &TransferPayoutWorker{Payouts: d.Payouts})
		},
		func(w *river.Workers) error { return river.AddWorkerSafely(w, &BankPayoutWorker{Payouts: d.Payouts}) },
		func(w *river.Workers) error { return river.AddWorkerSafely(w, &BookRepairWorker{Repairs: d.Repairs}) },
		func(w *river.Workers) error {
			return river.AddWorkerSafely(w, &OpenSubrogationWorker{Subrogation: d.Subrogation})
		},
		func(w *river.Workers) error {
			return river.AddWorkerSafely(w, &ReserveRecalcWorker{Reserves: d.Reserves})
		},
	}
}

// WorkerClient is the River client that executes jobs.
type WorkerClient struct {
	*river.Client[pgx.Tx]
}

// NewWorkerClient registers every worker and builds the executing client.
func NewWorkerClient(pool *pgxpool.Pool, d Deps, log *slog.Logger) (*WorkerClient, error) {
	workers := river.NewWorkers()
	for _, reg := range table(d) {
		if err := reg(workers); err != nil {
			return nil, err
		}
	}
	rc, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger:  log,
		Workers: workers,
		Queues: map[string]river.QueueConfig{
			QueueDefault:  {MaxWorkers: 10},
			QueuePayments: {MaxWorkers: 4},
			QueueRepairs:  {MaxWorkers: 4},
		},
	})
	if err != nil {
		return nil, err
	}
	return &WorkerClient{Client: rc}, nil
}
