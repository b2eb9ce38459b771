package jobs

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"math"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"
)

// Handler runs one job. Returning an error reschedules the job.
type Handler func(ctx context.Context, j *Job) error

// Registry maps job kinds to handlers.
type Registry map[string]Handler

// Runner polls the jobs table and executes ready jobs.
type Runner struct {
	db          *sqlx.DB
	handlers    Registry
	log         *slog.Logger
	concurrency int
	poll        time.Duration
	lease       time.Duration
	timeout     time.Duration
}

// RunnerOption customises a Runner.
type RunnerOption func(*Runner)

func WithConcurrency(n int) RunnerOption       { return func(r *Runner) { r.concurrency = n } }
func WithPoll(d time.Duration) RunnerOption    { return func(r *Runner) { r.poll = d } }
func WithLease(d time.Duration) RunnerOption   { return func(r *Runner) { r.lease = d } }
func WithLogger(l *slog.Logger) RunnerOption   { return func(r *Runner) { r.log = l } }
func WithTimeout(d time.Duration) RunnerOption { return func(r *Runner) { r.timeout = d } }

func NewRunner(d *sqlx.DB, handlers Registry, opts ...RunnerOption) *Runner {
	r := &Runner{
		db:          d,
		handlers:    handlers,
		log:         slog.Default(),
		concurrency: 4,
		poll:        2 * time.Second,
		lease:       5 * time.Minute,
		timeout:     time.Minute,
	}
	for _, o := range opts {
		o(r)
	}
	return r
}

// Run processes jobs until ctx is cancelled.
func (r *Runner) Run(ctx context.Context) error {
	var wg sync.WaitGroup
	for i := 0; i < r.concurrency; i++ {
		wg.Add(1)
		go func(worker int) {
			defer wg.Done()
			r.loop(ctx, worker)
		}(i)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		r.reapLoop(ctx)
	}()
	wg.Wait()
	return ctx.Err()
}

func (r *Runner) loop(ctx context.Context, worker int) {
	t := time.NewTicker(r.poll)
	defer t.Stop()
	for {
		for {
			ran, err := r.runOne(ctx)
			if err != nil {
				r.log.Error("job poll failed", "worker", worker, "err", err)
				break
			}
			if !ran {
				break
			}
		}
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func (r *Runner) runOne(ctx context.Context) (bool, error) {
	var j Job
	err := r.db.GetContext(ctx, &j, `
		UPDATE jobs SET status = 'running', attempts = attempts + 1,
		                locked_until = now() + make_interval(secs => $1)
		WHERE id = (
			SELECT id FROM jobs
			WHERE status = 'queued' AND run_at <= now()
			ORDER BY run_at
			FOR UPDATE SKIP LOCKED
			LIMIT 1)
		RETURNING *`, r.lease.Seconds())
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, err
	}

	h, ok := r.handlers[j.Kind]
	if !ok {
		return true, r.finish(ctx, &j, fmt.Errorf("no handler for kind %q", j.Kind), true)
	}
	jctx, cancel := context.WithTimeout(ctx, r.timeout)
	herr := safeCall(jctx, h, &j)
	cancel()
	if herr != nil {
		r.log.Warn("job failed", "id", j.ID, "kind", j.Kind, "attempt", j.Attempts, "err", herr)
	}
	return true, r.finish(ctx, &j, herr, false)
}

func safeCall(ctx context.Context, h Handler, j *Job) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("panic: %v", p)
		}
	}()
	return h(ctx, j)
}

func (r *Runner) finish(ctx context.Context, j *Job, herr error, fatal bool) error {
	if herr == nil {
		_, err := r.db.ExecContext(ctx, `
			UPDATE jobs SET status = 'done', locked_until = NULL, finished_at = now(), last_error = NULL
			WHERE id = $1`, j.ID)
		return err
	}
	if fatal || j.Attempts >= j.MaxAttempts {
		_, err := r.db.ExecContext(ctx, `
			UPDATE jobs SET status = 'dead', locked_until = NULL, finished_at = now(), last_error = $2
			WHERE id = $1`, j.ID, herr.Error())
		return err
	}
	delay := time.Duration(math.Min(float64(time.Hour), float64(10*time.Second)*math.Pow(2, float64(j.Attempts-1))))
	_, err := r.db.ExecContext(ctx, `
		UPDATE jobs SET status = 'queued', locked_until = NULL, last_error = $2,
		                run_at = now() + make_interval(secs => $3)
		WHERE id = $1`, j.ID, herr.Error(), delay.Seconds())
	return err
}

// reapLoop returns jobs whose lease expired (worker crashed) to the queue.
func (r *Runner) reapLoop(ctx context.Context) {
	t := time.NewTicker(r.lease / 2)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
		res, err := r.db.ExecContext(ctx, `
			UPDATE jobs SET status = 'queued', locked_until = NULL
			WHERE status = 'running' AND locked_until < now()`)
		if err != nil {
			r.log.Error("reap failed", "err", err)
			continue
		}
		if n, _ := res.RowsAffected(); n > 0 {
			r.log.Info("requeued expired jobs", "count", n)
		}
	}
}
