// Package jobs runs the periodic back-office work: recurring charge sweeps,
// outbox relaying, payout sweeps and Gift Aid batching.
package jobs

import (
	"context"
	"sync"
	"time"

	"github.com/uptrace/bun"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/platform/database"
)

// Job is one periodic task. Run receives the scheduled tick (the interval
// boundary it is running for), not the wall-clock time.
type Job struct {
	Name  string
	Every time.Duration
	// Tracked jobs record their last completed tick and are re-run for a
	// tick that did not complete (after a crash or a deploy).
	Tracked bool
	Run     func(ctx context.Context, tick time.Time) error
}

// Runner ticks every job on its own goroutine.
type Runner struct {
	db   *bun.DB
	jobs []Job
	log  *zap.Logger

	cancel context.CancelFunc
	wg     sync.WaitGroup
}

// NewRunner builds a runner.
func NewRunner(db *bun.DB, jobs []Job, log *zap.Logger) *Runner {
	return &Runner{db: db, jobs: jobs, log: log.Named("scheduler")}
}

// Start launches the jobs under the fx lifecycle.
func (r *Runner) Start(lc fx.Lifecycle) {
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			ctx, cancel := context.WithCancel(context.Background())
			r.cancel = cancel
			for _, j := range r.jobs {
				r.wg.Add(1)
				go r.loop(ctx, j)
			}
			return nil
		},
		OnStop: func(context.Context) error {
			if r.cancel != nil {
				r.cancel()
			}
			r.wg.Wait()
			return nil
		},
	})
}

func (r *Runner) loop(ctx context.Context, j Job) {
	defer r.wg.Done()
	t := time.NewTicker(j.Every)
	defer t.Stop()
	r.runOnce(ctx, j)
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
			r.runOnce(ctx, j)
		}
	}
}

func (r *Runner) runOnce(ctx context.Context, j Job) {
	tick := time.Now().UTC().Truncate(j.Every)
	log := r.log.With(zap.String("job", j.Name), zap.Time("tick", tick))

	if j.Tracked {
		done, err := r.completed(ctx, j.Name, tick)
		if err != nil {
			log.Error("read job state", zap.Error(err))
			return
		}
		if done {
			return
		}
	}

	jctx, cancel := context.WithTimeout(ctx, 10*time.Minute)
	defer cancel()
	if err := j.Run(jctx, tick); err != nil {
		log.Error("job failed", zap.Error(err))
		return
	}
	if j.Tracked {
		if err := r.markCompleted(ctx, j.Name, tick); err != nil {
			log.Error("record job completion", zap.Error(err))
		}
	}
}

func (r *Runner) completed(ctx context.Context, name string, tick time.Time) (bool, error) {
	var last time.Time
	err := r.db.NewSelect().Table("job_runs").Column("last_tick").
		Where("name = ?", name).Scan(ctx, &last)
	if err != nil {
		if database.IsNoRows(err) {
			return false, nil
		}
		return false, err
	}
	return !last.Before(tick), nil
}

func (r *Runner) markCompleted(ctx context.Context, name string, tick time.Time) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO job_runs (name, last_tick, finished_at) VALUES (?, ?, now())
		ON CONFLICT (name) DO UPDATE SET last_tick = EXCLUDED.last_tick, finished_at = now()
		WHERE job_runs.last_tick < EXCLUDED.last_tick`, name, tick)
	return err
}
