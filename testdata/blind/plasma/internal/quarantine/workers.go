package quarantine

import (
	"context"
	"log/slog"
	"time"

	"github.com/riverqueue/river"

	"github.com/veinline/plasmaops/internal/jobs"
)

// EvaluateWorker runs release evaluation for one unit.
type EvaluateWorker struct {
	river.WorkerDefaults[jobs.EvaluateUnitArgs]
	svc Service
}

// NewEvaluateWorker builds the worker.
func NewEvaluateWorker(svc Service) *EvaluateWorker { return &EvaluateWorker{svc: svc} }

func (w *EvaluateWorker) Work(ctx context.Context, job *river.Job[jobs.EvaluateUnitArgs]) error {
	_, err := w.svc.EvaluateUnit(ctx, job.Args.UnitID)
	return err
}

// SweepWorker is the periodic release sweep.
type SweepWorker struct {
	river.WorkerDefaults[jobs.ReleaseSweepArgs]
	svc Service
	log *slog.Logger
}

// NewSweepWorker builds the worker.
func NewSweepWorker(svc Service, log *slog.Logger) *SweepWorker {
	return &SweepWorker{svc: svc, log: log}
}

func (w *SweepWorker) Work(ctx context.Context, job *river.Job[jobs.ReleaseSweepArgs]) error {
	n, err := w.svc.SweepDueUnits(ctx)
	if n > 0 {
		w.log.Info("release sweep queued evaluations", "count", n)
	}
	return err
}

// SweepSchedule runs the sweep every 15 minutes.
func SweepSchedule() *river.PeriodicJob {
	return river.NewPeriodicJob(
		river.PeriodicInterval(15*time.Minute),
		func() (river.JobArgs, *river.InsertOpts) { return jobs.ReleaseSweepArgs{}, nil },
		&river.PeriodicJobOpts{ID: "quarantine.release_sweep", RunOnStart: true},
	)
}

// ManifestWorker transmits manifests to the fractionator.
type ManifestWorker struct {
	river.WorkerDefaults[jobs.SendManifestArgs]
	svc Service
}

// NewManifestWorker builds the worker.
func NewManifestWorker(svc Service) *ManifestWorker { return &ManifestWorker{svc: svc} }

func (w *ManifestWorker) Work(ctx context.Context, job *river.Job[jobs.SendManifestArgs]) error {
	return w.svc.SendManifest(ctx, job.Args.ShipmentID)
}
