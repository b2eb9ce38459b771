package worker

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/kestrelfin/factoring/internal/config"
	"github.com/kestrelfin/factoring/internal/domain"
	"github.com/kestrelfin/factoring/internal/repo"
)

type permanentError struct{ err error }

func (e permanentError) Error() string { return e.err.Error() }
func (e permanentError) Unwrap() error { return e.err }

// permanent marks err as not worth retrying.
func permanent(err error) error { return permanentError{err: err} }

// Runner polls the tasks table and runs claimed tasks. A task whose handler
// fails is put back with a backoff until MaxAttempts is reached; a worker
// that dies mid-task leaves it running until the reaper requeues it.
type Runner struct {
	tasks       repo.TaskRepository
	registry    Registry
	workerID    string
	concurrency int
	interval    time.Duration
	maxAttempts int
	taskTimeout time.Duration
	log         *slog.Logger
}

func NewRunner(store repo.Store, registry Registry, cfg config.Config, log *slog.Logger) *Runner {
	return &Runner{
		tasks:       store.Tasks(),
		registry:    registry,
		workerID:    cfg.WorkerID,
		concurrency: cfg.WorkerConcurrency,
		interval:    cfg.WorkerPollInterval,
		maxAttempts: 8,
		taskTimeout: 2 * time.Minute,
		log:         log.With("component", "worker", "worker_id", cfg.WorkerID),
	}
}

func (r *Runner) Run(ctx context.Context) error {
	r.log.Info("worker started", "kinds", len(r.registry), "concurrency", r.concurrency)
	go r.reap(ctx)
	t := time.NewTicker(r.interval)
	defer t.Stop()
	for {
		claimed, err := r.tasks.ClaimReady(ctx, r.workerID, r.concurrency)
		if err != nil && !errors.Is(err, context.Canceled) {
			r.log.ErrorContext(ctx, "claim tasks", "err", err)
		}
		if len(claimed) > 0 {
			r.runBatch(ctx, claimed)
			continue
		}
		select {
		case <-ctx.Done():
			return nil
		case <-t.C:
		}
	}
}

func (r *Runner) runBatch(ctx context.Context, batch []domain.Task) {
	var wg sync.WaitGroup
	for _, task := range batch {
		wg.Add(1)
		go func(task domain.Task) {
			defer wg.Done()
			r.runOne(ctx, task)
		}(task)
	}
	wg.Wait()
}

func (r *Runner) runOne(ctx context.Context, task domain.Task) {
	log := r.log.With("task", task.ID, "kind", task.Kind, "attempt", task.Attempts)
	h, ok := r.registry[task.Kind]
	if !ok {
		r.fail(ctx, log, task, permanent(fmt.Errorf("no handler for kind %q", task.Kind)))
		return
	}
	tctx, cancel := context.WithTimeout(ctx, r.taskTimeout)
	defer cancel()

	err := func() (err error) {
		defer func() {
			if p := recover(); p != nil {
				err = fmt.Errorf("panic: %v", p)
			}
		}()
		return h(tctx, task)
	}()
	if err != nil {
		r.fail(ctx, log, task, err)
		return
	}
	if err := r.tasks.Complete(ctx, task.ID); err != nil {
		log.ErrorContext(ctx, "complete task", "err", err)
		return
	}
	log.DebugContext(ctx, "task done")
}

func (r *Runner) fail(ctx context.Context, log *slog.Logger, task domain.Task, cause error) {
	var perm permanentError
	dead := errors.As(cause, &perm) || task.Attempts >= r.maxAttempts
	retryAt := time.Now().UTC().Add(backoff(task.Attempts))
	log.WarnContext(ctx, "task failed", "err", cause, "dead", dead, "retry_at", retryAt)
	if err := r.tasks.Fail(ctx, task.ID, cause.Error(), retryAt, dead); err != nil {
		log.ErrorContext(ctx, "record task failure", "err", err)
	}
}

func backoff(attempt int) time.Duration {
	d := 5 * time.Second
	for i := 1; i < attempt && d < 30*time.Minute; i++ {
		d *= 2
	}
	return d
}

// reap requeues tasks leased by workers that stopped heartbeating.
func (r *Runner) reap(ctx context.Context) {
	t := time.NewTicker(time.Minute)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		n, err := r.tasks.RequeueStale(ctx, time.Now().UTC().Add(-3*r.taskTimeout))
		if err != nil {
			r.log.ErrorContext(ctx, "requeue stale tasks", "err", err)
			continue
		}
		if n > 0 {
			r.log.WarnContext(ctx, "requeued stale tasks", "count", n)
		}
	}
}
