package jobs

import (
	"context"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"

	"github.com/pantloop/deposit/internal/materials"
	"github.com/pantloop/deposit/internal/period"
)

// RecyclerReportWorker submits the monthly material reports.
type RecyclerReportWorker struct {
	river.WorkerDefaults[RecyclerReportArgs]
	Materials *materials.Service
	Now       func() time.Time
}

func (w *RecyclerReportWorker) Work(ctx context.Context, job *river.Job[RecyclerReportArgs]) error {
	month := period.Previous(w.Now())
	if job.Args.Period != "" {
		m, err := period.Parse(job.Args.Period)
		if err != nil {
			return river.JobCancel(err)
		}
		month = m
	}
	return w.Materials.SubmitReports(ctx, month)
}

// PickupScanWorker enqueues a pickup job for every kiosk over threshold.
type PickupScanWorker struct {
	river.WorkerDefaults[PickupScanArgs]
	Materials *materials.Service
	Now       func() time.Time
}

func (w *PickupScanWorker) Work(ctx context.Context, job *river.Job[PickupScanArgs]) error {
	candidates, err := w.Materials.PickupCandidates(ctx)
	if err != nil || len(candidates) == 0 {
		return err
	}
	earliest := w.Now().Add(24 * time.Hour).Truncate(24 * time.Hour)
	params := make([]river.InsertManyParams, 0, len(candidates))
	for _, c := range candidates {
		params = append(params, river.InsertManyParams{
			Args: RecyclerPickupArgs{RecyclerID: c.RecyclerID, KioskID: c.KioskID, Earliest: earliest},
			InsertOpts: &river.InsertOpts{
				Queue: "recycling",
				UniqueOpts: river.UniqueOpts{
					ByArgs:   true,
					ByPeriod: 12 * time.Hour,
				},
			},
		})
	}
	_, err = river.ClientFromContext[pgx.Tx](ctx).InsertMany(ctx, params)
	return err
}

// RecyclerPickupWorker books one pickup.
type RecyclerPickupWorker struct {
	river.WorkerDefaults[RecyclerPickupArgs]
	Materials *materials.Service
}

func (w *RecyclerPickupWorker) Work(ctx context.Context, job *river.Job[RecyclerPickupArgs]) error {
	_, err := w.Materials.BookPickup(ctx, job.Args.RecyclerID, job.Args.KioskID, job.Args.Earliest)
	return err
}
