// Package jobs runs periodic background jobs. Each run of a job takes a
// Postgres advisory lock so that only one replica executes it at a time.
package jobs

import (
	"context"
	"hash/fnv"
	"log/slog"
	"sync"
	"time"

	"github.com/jmoiron/sqlx"
)

// Job is a periodic task.
type Job struct {
	Name    string
	Every   time.Duration
	Timeout time.Duration
	Run     func(ctx context.Context) error
}

// Scheduler runs jobs on their intervals.
type Scheduler struct {
	DB   *sqlx.DB
	Log  *slog.Logger
	jobs []Job
}

// Add registers a job.
func (s *Scheduler) Add(j Job) {
	if j.Timeout == 0 {
		j.Timeout = j.Every
	}
	s.jobs = append(s.jobs, j)
}

// Run starts every job and blocks until ctx is done.
func (s *Scheduler) Run(ctx context.Context) {
	var wg sync.WaitGroup
	for _, j := range s.jobs {
		wg.Add(1)
		go func(j Job) {
			defer wg.Done()
			s.loop(ctx, j)
		}(j)
	}
	wg.Wait()
}

func (s *Scheduler) loop(ctx context.Context, j Job) {
	t := time.NewTicker(j.Every)
	defer t.Stop()
	for {
		s.once(ctx, j)
		select {
		case <-ctx.Done():
			return
		case <-t.C:
		}
	}
}

func lockID(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte("jobs:" + name))
	return int64(h.Sum64() >> 1)
}

func (s *Scheduler) once(ctx context.Context, j Job) {
	ctx, cancel := context.WithTimeout(ctx, j.Timeout)
	defer cancel()

	conn, err := s.DB.Connx(ctx)
	if err != nil {
		s.Log.Error("job: no connection", "job", j.Name, "err", err)
		return
	}
	defer conn.Close()

	var got bool
	if err := conn.GetContext(ctx, &got, `SELECT pg_try_advisory_lock($1)`, lockID(j.Name)); err != nil {
		s.Log.Error("job: lock", "job", j.Name, "err", err)
		return
	}
	if !got {
		return
	}
	defer func() {
		_, _ = conn.ExecContext(context.Background(), `SELECT pg_advisory_unlock($1)`, lockID(j.Name))
	}()

	start := time.Now()
	if err := j.Run(ctx); err != nil {
		s.Log.Error("job failed", "job", j.Name, "took", time.Since(start), "err", err)
		return
	}
	s.Log.Debug("job done", "job", j.Name, "took", time.Since(start))
}
