// Package cron runs the batch jobs. Each job is one invocation of the
// pilotage-jobs binary from a Kubernetes CronJob; a run that exits
// non-zero is retried by the CronJob's backoffLimit and by the next
// schedule.
package cron

import (
	"context"
	"fmt"
	"hash/fnv"

	"github.com/jackc/pgx/v5/pgxpool"
)

// Job is one batch job.
type Job func(ctx context.Context) error

// Registry maps job name to job.
type Registry map[string]Job

// Run runs the named job with the given decorators applied.
func (r Registry) Run(ctx context.Context, name string, decorators ...func(string, Job) Job) error {
	job, ok := r[name]
	if !ok {
		return fmt.Errorf("unknown job %q", name)
	}
	for _, d := range decorators {
		job = d(name, job)
	}
	return job(ctx)
}

// SingleFlight holds a Postgres advisory lock for the job's duration so
// that an overlapping schedule does not run the same job twice at once.
func SingleFlight(pool *pgxpool.Pool) func(string, Job) Job {
	return func(name string, next Job) Job {
		return func(ctx context.Context) error {
			conn, err := pool.Acquire(ctx)
			if err != nil {
				return err
			}
			defer conn.Release()

			key := lockKey(name)
			var got bool
			if err := conn.QueryRow(ctx, "SELECT pg_try_advisory_lock($1)", key).Scan(&got); err != nil {
				return fmt.Errorf("advisory lock: %w", err)
			}
			if !got {
				return fmt.Errorf("job %s is already running", name)
			}
			defer func() {
				_, _ = conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", key)
			}()
			return next(ctx)
		}
	}
}

func lockKey(name string) int64 {
	h := fnv.New64a()
	_, _ = h.Write([]byte("pilotage-jobs:" + name))
	return int64(h.Sum64() >> 1)
}
