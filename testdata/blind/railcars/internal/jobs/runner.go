// Package jobs runs the scheduled jobs with robfig/cron.
package jobs

import (
	"context"
	"database/sql"
	"hash/fnv"
	"log/slog"
	"time"

	"github.com/robfig/cron/v3"
)

// Job is a scheduled unit of work. Now is the time the run was scheduled.
type Job struct {
	Name     string
	Spec     string
	Attempts int
	Timeout  time.Duration
	Run      func(ctx context.Context, now time.Time) error
}

// Runner schedules jobs. Each run takes a Postgres advisory lock so that
// only one scheduler replica runs a job at a time, and a failed run is
// retried with backoff up to the job's attempts.
type Runner struct {
	cron *cron.Cron
	db   *sql.DB
	log  *slog.Logger
	now  func() time.Time
}

// NewRunner returns a runner in UTC.
func NewRunner(db *sql.DB, log *slog.Logger) *Runner {
	return &Runner{
		cron: cron.New(cron.WithLocation(time.UTC), cron.WithChain(cron.Recover(cron.DefaultLogger))),
		db:   db,
		log:  log,
		now:  func() time.Time { return time.Now().UTC() },
	}
}

// Add schedules a job.
func (r *Runner) Add(ctx context.Context, j Job) error {
	if j.Attempts == 0 {
		j.Attempts = 3
	}
	if j.Timeout == 0 {
		j.Timeout = 30 * time.Minute
	}
	_, err := r.cron.AddFunc(j.Spec, func() { r.run(ctx, j) })
	return err
}

// Start starts the scheduler; Stop waits for running jobs.
func (r *Runner) Start() { r.cron.Start() }

// Stop stops the scheduler and waits for running jobs to finish.
func (r *Runner) Stop() { <-r.cron.Stop().Done() }

func (r *Runner) run(parent context.Context, j Job) {
	ctx, cancel := context.WithTimeout(parent, j.Timeout)
	defer cancel()

	conn, err := r.db.Conn(ctx)
	if err != nil {
		r.log.Error("job: db conn", "job", j.Name, "err", err)
		return
	}
	defer conn.Close()
	var locked bool
	if err := conn.QueryRowContext(ctx, `SELECT pg_try_advisory_lock($1)`, lockID(j.Name)).Scan(&locked); err != nil || !locked {
		return
	}
	defer conn.ExecContext(context.WithoutCancel(ctx), `SELECT pg_advisory_unlock($1)`, lockID(j.Name))

	now := r.now()
	delay := 5 * time.Second
	for attempt := 1; attempt <= j.Attempts; attempt++ {
		err = j.Run(ctx, now)
		if err == nil {
			r.log.Info("job done", "job", j.Name, "attempt", attempt)
			return
		}
		r.log.Warn("job failed", "job", j.Name, "attempt", attempt, "err", err)
		select {
		case <-ctx.Done():
			return
		case <-time.After(delay):
		}
		delay *= 3
	}
	r.log.Error("job gave up", "job", j.Name, "err", err)
}

func lockID(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("railcars-job:" + name))
	return int64(h.Sum64() >> 1)
}
