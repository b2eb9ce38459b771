// Package sweeper runs the periodic background jobs.
package sweeper

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"github.com/prometheus/client_golang/prometheus"
)

// Job is one periodic task. Run is called on every tick; a job picks up
// whatever is still outstanding, so a failed tick is retried by the next.
type Job struct {
	Name     string
	Interval time.Duration
	Run      func(ctx context.Context) error
}

// Runner ticks every job on its own goroutine.
type Runner struct {
	jobs    []Job
	logger  *slog.Logger
	runs    *prometheus.CounterVec
	timeout time.Duration
}

// RunnerOption configures a Runner.
type RunnerOption func(*Runner)

// WithRegisterer registers run counters.
func WithRegisterer(reg prometheus.Registerer) RunnerOption {
	return func(r *Runner) {
		r.runs = prometheus.NewCounterVec(prometheus.CounterOpts{
			Namespace: "ancillaries", Subsystem: "sweeper", Name: "runs_total",
			Help: "Job runs by job and outcome.",
		}, []string{"job", "outcome"})
		reg.MustRegister(r.runs)
	}
}

// NewRunner builds a Runner.
func NewRunner(logger *slog.Logger, jobs []Job, opts ...RunnerOption) *Runner {
	r := &Runner{jobs: jobs, logger: logger, timeout: 5 * time.Minute}
	for _, opt := range opts {
		opt(r)
	}
	return r
}

// Run blocks until ctx is cancelled.
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
	t := time.NewTicker(j.Interval)
	defer t.Stop()
	for {
		r.once(ctx, j)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (r *Runner) once(ctx context.Context, j Job) {
	runCtx, cancel := context.WithTimeout(ctx, r.timeout)
	defer cancel()
	start := time.Now()
	err := j.Run(runCtx)
	outcome := "ok"
	if err != nil {
		outcome = "error"
		r.logger.ErrorContext(ctx, "job failed", slog.String("job", j.Name), slog.Any("err", err))
	} else {
		r.logger.DebugContext(ctx, "job done", slog.String("job", j.Name), slog.Duration("took", time.Since(start)))
	}
	if r.runs != nil {
		r.runs.WithLabelValues(j.Name, outcome).Inc()
	}
}
