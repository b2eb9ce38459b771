// Package worker runs the sweep as a river job, which river retries
// when it fails.
package worker

import (
	"context"

	"github.com/riverqueue/river"

	"example.com/wiredjobs/jobs"
)

// Runner runs a sweep.
type Runner interface {
	Run(ctx context.Context, ids []string) error
}

// SweepWorker runs the sweep.
type SweepWorker struct {
	river.WorkerDefaults[jobs.SweepArgs]
	Sweeper Runner
}

func (w *SweepWorker) Work(ctx context.Context, j *river.Job[jobs.SweepArgs]) error {
	return w.Sweeper.Run(ctx, []string{"b1"})
}
