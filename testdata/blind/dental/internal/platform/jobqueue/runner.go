package jobqueue

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sort"
	"time"
)

// HandlerFunc processes one job. Returning an error schedules a retry.
type HandlerFunc func(ctx context.Context, job Job) error

// ErrPermanent wraps errors that should park the job instead of retrying.
var ErrPermanent = errors.New("permanent job failure")

// Runner polls the queue and dispatches jobs to handlers by kind.
type Runner struct {
	q        *Queue
	handlers map[string]HandlerFunc
	lease    time.Duration
	batch    int
	idle     time.Duration
	log      *slog.Logger
}

// RunnerOption configures a Runner.
type RunnerOption func(*Runner)

// WithLease sets how long a leased job stays invisible to other workers.
func WithLease(d time.Duration) RunnerOption { return func(r *Runner) { r.lease = d } }

// WithBatch sets how many jobs are leased per poll.
func WithBatch(n int) RunnerOption { return func(r *Runner) { r.batch = n } }

// WithLogger sets the logger.
func WithLogger(l *slog.Logger) RunnerOption { return func(r *Runner) { r.log = l } }

// NewRunner returns a runner with no handlers registered.
func NewRunner(q *Queue, opts ...RunnerOption) *Runner {
	r := &Runner{
		q:        q,
		handlers: map[string]HandlerFunc{},
		lease:    2 * time.Minute,
		batch:    10,
		idle:     2 * time.Second,
		log:      slog.Default(),
	}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Handle registers h for jobs of kind.
func (r *Runner) Handle(kind string, h HandlerFunc) {
	r.handlers[kind] = h
}

// Run polls until ctx is cancelled.
func (r *Runner) Run(ctx context.Context) error {
	kinds := make([]string, 0, len(r.handlers))
	for k := range r.handlers {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	r.log.Info("job runner started", "kinds", kinds, "lease", r.lease)
	for {
		jobs, err := r.q.Lease(ctx, kinds, r.batch, r.lease)
		if err != nil && ctx.Err() == nil {
			r.log.Error("lease jobs", "err", err)
		}
		for _, job := range jobs {
			r.dispatch(ctx, job)
		}
		if len(jobs) > 0 {
			continue
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-time.After(r.idle):
		}
	}
}

func (r *Runner) dispatch(ctx context.Context, job Job) {
	h, ok := r.handlers[job.Kind]
	if !ok {
		_ = r.q.Fail(ctx, job, fmt.Errorf("no handler for %q", job.Kind))
		return
	}
	hctx, cancel := context.WithTimeout(ctx, r.lease)
	defer cancel()
	start := time.Now()
	err := h(hctx, job)
	log := r.log.With("job_id", job.ID, "kind", job.Kind, "attempt", job.Attempts, "took", time.Since(start))
	if err == nil {
		if cerr := r.q.Complete(ctx, job.ID); cerr != nil {
			log.Error("complete job", "err", cerr)
		}
		return
	}
	if errors.Is(err, ErrPermanent) {
		job.Attempts = job.MaxAttempts
	}
	log.Warn("job failed", "err", err)
	if ferr := r.q.Fail(ctx, job, err); ferr != nil {
		log.Error("record job failure", "err", ferr)
	}
}
