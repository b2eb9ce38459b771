// Package scheduler runs the periodic jobs registered by domain packages.
package scheduler

import (
	"context"
	"log/slog"
	"sync"
	"time"

	"go.uber.org/fx"
)

// Job is a periodic task. Run is called every Every; when it fails it is
// retried after RetryAfter instead.
type Job interface {
	Name() string
	Every() time.Duration
	Run(ctx context.Context) error
}

// RetryAfter is how long the runner waits before re-running a failed job.
const RetryAfter = 2 * time.Minute

// AsJob annotates a constructor so its result joins the "jobs" group.
func AsJob(f any) any {
	return fx.Annotate(f, fx.As(new(Job)), fx.ResultTags(`group:"jobs"`))
}

type params struct {
	fx.In

	Lifecycle fx.Lifecycle
	Log       *slog.Logger
	Jobs      []Job `group:"jobs"`
}

// Runner owns one goroutine per job.
type Runner struct {
	log  *slog.Logger
	jobs []Job
	wg   sync.WaitGroup
}

// New creates the runner and ties it to the fx lifecycle.
func New(p params) *Runner {
	r := &Runner{log: p.Log, jobs: p.Jobs}
	ctx, cancel := context.WithCancel(context.Background())
	p.Lifecycle.Append(fx.Hook{
		OnStart: func(context.Context) error {
			for _, j := range r.jobs {
				r.wg.Add(1)
				go r.loop(ctx, j)
			}
			return nil
		},
		OnStop: func(context.Context) error {
			cancel()
			r.wg.Wait()
			return nil
		},
	})
	return r
}

func (r *Runner) loop(ctx context.Context, j Job) {
	defer r.wg.Done()
	log := r.log.With("job", j.Name())
	wait := time.Duration(0)
	for {
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		start := time.Now()
		err := j.Run(ctx)
		if err != nil {
			log.Error("job failed", "err", err, "took", time.Since(start))
			wait = RetryAfter
			continue
		}
		log.Debug("job ok", "took", time.Since(start))
		wait = j.Every()
	}
}

// Module starts the runner.
var Module = fx.Module("scheduler",
	fx.Provide(New),
	fx.Invoke(func(*Runner) {}),
)
