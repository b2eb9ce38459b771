// Package jobs runs the background workers: bureau order submission,
// landlord webhook dispatch, adverse-action mailing, invoice publishing and
// consent expiry. Each job is a function polled on an interval; a job that
// crashes mid-batch leaves its leases to expire and the batch is picked up
// again on a later tick or by another replica.
package jobs

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Func runs one batch and reports how many items it handled.
type Func func(ctx context.Context) (int, error)

// Job is one entry in the runner's table.
type Job struct {
	Name     string
	Interval time.Duration
	Run      Func
	// Timeout bounds one batch.
	Timeout time.Duration
}

// Runner polls its jobs until stopped.
type Runner struct {
	jobs []Job
	log  *slog.Logger
}

func NewRunner(log *slog.Logger, jobs ...Job) *Runner {
	return &Runner{jobs: jobs, log: log}
}

// Register adds a job.
func (r *Runner) Register(j Job) { r.jobs = append(r.jobs, j) }

// Run starts every job and blocks until ctx is cancelled and all of them
// have finished their current batch.
func (r *Runner) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for _, j := range r.jobs {
		wg.Add(1)
		go func(j Job) {
			defer wg.Done()
			r.loop(ctx, j)
		}(j)
	}
	wg.Wait()
}

func (r *Runner) loop(ctx context.Context, j Job) {
	log := r.log.With("job", j.Name)
	timeout := j.Timeout
	if timeout == 0 {
		timeout = 2 * time.Minute
	}
	t := time.NewTicker(j.Interval)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		for {
			n, err := r.once(ctx, j, timeout)
			if err != nil {
				log.ErrorContext(ctx, "job batch failed", "err", err)
				break
			}
			if n == 0 || ctx.Err() != nil {
				break
			}
			log.DebugContext(ctx, "job batch", "handled", n)
		}
	}
}

func (r *Runner) once(ctx context.Context, j Job, timeout time.Duration) (n int, err error) {
	bctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), timeout)
	defer cancel()
	defer func() {
		if p := recover(); p != nil {
			r.log.ErrorContext(ctx, "job panic", "job", j.Name, "panic", p)
			n, err = 0, nil
		}
	}()
	return j.Run(bctx)
}

// Once adapts a job that does not report a count (e.g. a sweep) to Func.
func Once(fn func(ctx context.Context) (int64, error)) Func {
	return func(ctx context.Context) (int, error) {
		n, err := fn(ctx)
		if err != nil {
			return 0, err
		}
		// Sweeps are single statements; do not loop.
		_ = n
		return 0, nil
	}
}
