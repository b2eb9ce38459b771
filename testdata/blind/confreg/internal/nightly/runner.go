// Package nightly holds the jobs run once a night by the scheduler: releasing
// unpaid ticket holds, handing unclaimed hotel rooms back to the partner and
// billing sponsor instalments that have come due.
package nightly

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/halcyonevents/confreg/internal/platform/metrics"
)

// Task is one nightly job.
type Task struct {
	Name string
	Run  func(ctx context.Context) error
}

// RunAll runs every task in order. A failing task does not stop the others;
// the joined error makes the process exit non-zero so the scheduler retries
// the whole run.
func RunAll(ctx context.Context, log *slog.Logger, rec *metrics.Recorder, tasks []Task) error {
	var errs []error
	for _, t := range tasks {
		start := time.Now()
		err := t.Run(ctx)
		rec.ObserveJob(t.Name, err)
		if err != nil {
			log.ErrorContext(ctx, "task failed", "task", t.Name, "err", err, "took", time.Since(start))
			errs = append(errs, fmt.Errorf("%s: %w", t.Name, err))
			continue
		}
		log.InfoContext(ctx, "task finished", "task", t.Name, "took", time.Since(start))
	}
	return errors.Join(errs...)
}

// Select filters tasks by name; an empty list keeps all of them.
func Select(tasks []Task, names []string) ([]Task, error) {
	if len(names) == 0 {
		return tasks, nil
	}
	byName := make(map[string]Task, len(tasks))
	for _, t := range tasks {
		byName[t.Name] = t
	}
	out := make([]Task, 0, len(names))
	for _, n := range names {
		t, ok := byName[n]
		if !ok {
			return nil, fmt.Errorf("unknown task %q", n)
		}
		out = append(out, t)
	}
	return out, nil
}

func day(t time.Time) time.Time {
	y, m, d := t.UTC().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}
