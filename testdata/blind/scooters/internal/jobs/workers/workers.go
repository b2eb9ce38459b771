// Package workers holds the river workers. Each is a thin adapter from a
// job to a service call; river retries a job whose Work returns an error.
package workers

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/google/uuid"
	"github.com/riverqueue/river"

	"github.com/kickvolt/ridecore/internal/jobs/jobargs"
	"github.com/kickvolt/ridecore/internal/service/billing"
	"github.com/kickvolt/ridecore/internal/service/swaps"
)

type RideBiller interface {
	ChargeRide(ctx context.Context, rideID uuid.UUID, attempt int) error
}

type FineBiller interface {
	ChargeFine(ctx context.Context, fineID uuid.UUID, attempt int) error
	RefundFine(ctx context.Context, fineID uuid.UUID) error
}

type Dispatcher interface {
	Dispatch(ctx context.Context, req swaps.DispatchRequest) error
}

type TripReporter interface {
	SubmitDay(ctx context.Context, zoneID, serviceDate string) error
}

func parseID(s string) (uuid.UUID, error) {
	id, err := uuid.Parse(s)
	if err != nil {
		return uuid.Nil, river.JobCancel(fmt.Errorf("bad id %q: %w", s, err))
	}
	return id, nil
}

// ChargeRideWorker bills a finished ride.
type ChargeRideWorker struct {
	river.WorkerDefaults[jobargs.ChargeRide]
	Billing RideBiller
}

func (w *ChargeRideWorker) Work(ctx context.Context, job *river.Job[jobargs.ChargeRide]) error {
	id, err := parseID(job.Args.RideID)
	if err != nil {
		return err
	}
	return w.Billing.ChargeRide(ctx, id, job.Attempt)
}

// ChargeFineWorker collects a fine. Contested fines wait for the ops
// decision.
type ChargeFineWorker struct {
	river.WorkerDefaults[jobargs.ChargeFine]
	Billing FineBiller
}

func (w *ChargeFineWorker) Work(ctx context.Context, job *river.Job[jobargs.ChargeFine]) error {
	id, err := parseID(job.Args.FineID)
	if err != nil {
		return err
	}
	err = w.Billing.ChargeFine(ctx, id, job.Attempt)
	if errors.Is(err, billing.ErrFineContested) {
		return river.JobSnooze(6 * time.Hour)
	}
	return err
}

// RefundFineWorker refunds a fine cancelled after a contest.
type RefundFineWorker struct {
	river.WorkerDefaults[jobargs.RefundFine]
	Billing FineBiller
}

func (w *RefundFineWorker) Work(ctx context.Context, job *river.Job[jobargs.RefundFine]) error {
	id, err := parseID(job.Args.FineID)
	if err != nil {
		return err
	}
	return w.Billing.RefundFine(ctx, id)
}

// SwapDispatchWorker opens a technician job for a low battery.
type SwapDispatchWorker struct {
	river.WorkerDefaults[jobargs.SwapDispatch]
	Swaps Dispatcher
}

func (w *SwapDispatchWorker) Work(ctx context.Context, job *river.Job[jobargs.SwapDispatch]) error {
	return w.Swaps.Dispatch(ctx, swaps.DispatchRequest{
		JobID:      job.ID,
		ScooterID:  job.Args.ScooterID,
		ZoneID:     job.Args.ZoneID,
		BatteryPct: job.Args.BatteryPct,
	})
}

// TripReportWorker sends a zone's trips for a day to the regulator.
type TripReportWorker struct {
	river.WorkerDefaults[jobargs.TripReport]
	Reports TripReporter
}

func (w *TripReportWorker) Work(ctx context.Context, job *river.Job[jobargs.TripReport]) error {
	return w.Reports.SubmitDay(ctx, job.Args.ZoneID, job.Args.ServiceDate)
}

func (w *TripReportWorker) Timeout(*river.Job[jobargs.TripReport]) time.Duration {
	return 5 * time.Minute
}
