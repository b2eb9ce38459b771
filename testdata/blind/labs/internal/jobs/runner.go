package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"math"
	"math/rand/v2"
	"sync"
	"time"
)

// Backoff returns the delay before attempt n+1.
type Backoff func(attempt int) time.Duration

// ExponentialBackoff doubles from base up to max, with jitter.
func ExponentialBackoff(base, max time.Duration) Backoff {
	return func(attempt int) time.Duration {
		d := float64(base) * math.Pow(2, float64(attempt-1))
		if d > float64(max) {
			d = float64(max)
		}
		jitter := d * 0.2 * (rand.Float64() - 0.5)
		return time.Duration(d + jitter)
	}
}

// RunnerConfig configures a Runner.
type RunnerConfig struct {
	WorkerID     string
	BatchSize    int
	PollInterval time.Duration
	Lease        time.Duration
	Backoff      Backoff
}

// Runner polls the queue and dispatches claimed jobs to the registry.
type Runner struct {
	queue    *Queue
	registry *Registry
	cfg      RunnerConfig
	logger   *slog.Logger
}

// NewRunner builds a Runner.
func NewRunner(q *Queue, reg *Registry, cfg RunnerConfig, logger *slog.Logger) *Runner {
	if cfg.BatchSize <= 0 {
		cfg.BatchSize = 10
	}
	if cfg.PollInterval <= 0 {
		cfg.PollInterval = 2 * time.Second
	}
	if cfg.Lease <= 0 {
		cfg.Lease = 2 * time.Minute
	}
	if cfg.Backoff == nil {
		cfg.Backoff = ExponentialBackoff(5*time.Second, 30*time.Minute)
	}
	return &Runner{queue: q, registry: reg, cfg: cfg, logger: logger}
}

// Run polls until ctx is cancelled.
func (r *Runner) Run(ctx context.Context) error {
	ticker := time.NewTicker(r.cfg.PollInterval)
	defer ticker.Stop()
	for {
		n, err := r.poll(ctx)
		if err != nil {
			r.logger.Error("poll jobs", "err", err)
		}
		if n == r.cfg.BatchSize {
			continue
		}
		select {
		case <-ctx.Done():
			return ctx.Err()
		case <-ticker.C:
		}
	}
}

func (r *Runner) poll(ctx context.Context) (int, error) {
	claimed, err := r.queue.Claim(ctx, r.cfg.WorkerID, r.cfg.BatchSize, r.cfg.Lease)
	if err != nil {
		return 0, err
	}
	var wg sync.WaitGroup
	for _, j := range claimed {
		wg.Add(1)
		go func(j Job) {
			defer wg.Done()
			r.runOne(ctx, j)
		}(j)
	}
	wg.Wait()
	return len(claimed), nil
}

func (r *Runner) runOne(ctx context.Context, j Job) {
	log := r.logger.With("job_id", j.ID, "kind", j.Kind, "attempt", j.Attempts)
	h, ok := r.registry.Lookup(j.Kind)
	if !ok {
		_ = r.queue.Bury(ctx, j.ID, fmt.Errorf("no handler for kind %q", j.Kind))
		log.Error("no handler registered")
		return
	}

	runCtx, cancel := context.WithTimeout(ctx, r.cfg.Lease-5*time.Second)
	err := safeHandle(runCtx, h, j)
	cancel()

	switch {
	case err == nil:
		if cerr := r.queue.Complete(ctx, j.ID); cerr != nil {
			log.Error("complete job", "err", cerr)
		}
	case IsPermanent(err):
		log.Error("job failed permanently", "err", err)
		_ = r.queue.Bury(ctx, j.ID, err)
	default:
		delay := r.cfg.Backoff(j.Attempts)
		log.Warn("job failed, retrying", "err", err, "delay", delay)
		if rerr := r.queue.Retry(ctx, j, delay, err); rerr != nil {
			log.Error("reschedule job", "err", rerr)
		}
	}
}

func safeHandle(ctx context.Context, h Handler, j Job) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return h.Handle(ctx, j)
}
