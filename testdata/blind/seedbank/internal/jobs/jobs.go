// Package jobs holds the batch jobs run by seedbank-cron. Each run is a
// Kubernetes CronJob with backoffLimit 3: a run that exits non-zero is
// started again from the beginning.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"
)

// Job is one named batch job.
type Job struct {
	Name    string
	Timeout time.Duration
	Run     func(ctx context.Context) error
}

// Table is the set of jobs a binary can run, by name.
type Table map[string]Job

// NewTable indexes jobs by name.
func NewTable(jobs ...Job) Table {
	t := Table{}
	for _, j := range jobs {
		t[j.Name] = j
	}
	return t
}

// Names lists the job names, sorted.
func (t Table) Names() []string {
	out := make([]string, 0, len(t))
	for n := range t {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Run executes the named job with its timeout.
func (t Table) Run(ctx context.Context, log *slog.Logger, name string) error {
	j, ok := t[name]
	if !ok {
		return fmt.Errorf("unknown job %q (have %v)", name, t.Names())
	}
	if j.Timeout > 0 {
		var cancel context.CancelFunc
		ctx, cancel = context.WithTimeout(ctx, j.Timeout)
		defer cancel()
	}
	start := time.Now()
	log.InfoContext(ctx, "job started", slog.String("job", name))
	if err := j.Run(ctx); err != nil {
		log.ErrorContext(ctx, "job failed", slog.String("job", name), slog.Duration("took", time.Since(start)), slog.Any("err", err))
		return err
	}
	log.InfoContext(ctx, "job finished", slog.String("job", name), slog.Duration("took", time.Since(start)))
	return nil
}
