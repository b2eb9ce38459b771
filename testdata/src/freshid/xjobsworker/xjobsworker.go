// Package xjobsworker runs a sweep another package declares.
package xjobsworker

import (
	"context"

	"github.com/riverqueue/river"

	"freshid/xjobargs"
	"freshid/xjobsuse"
)

// SweepWorker runs the sweep; river retries it when it fails.
type SweepWorker struct {
	river.WorkerDefaults[xjobargs.ReminderArgs]
	Sweeper *xjobsuse.Sweeper
}

func (w *SweepWorker) Work(ctx context.Context, j *river.Job[xjobargs.ReminderArgs]) error {
	return w.Sweeper.Run(ctx, []string{j.Args.BookingID}) // want `job's unique argument RequestedAt, so the duplicate is not recognised: time.Now\(\) in xjobsuse.Sweeper.Run`
}
