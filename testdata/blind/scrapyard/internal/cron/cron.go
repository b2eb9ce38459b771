// Package cron runs named maintenance tasks on fixed intervals inside one
// process. Each task runs at most once at a time.
package cron

import (
	"context"
	"log/slog"
	"sync"
	"time"
)

// Task is one scheduled job.
type Task struct {
	Name  string
	Every time.Duration
	Run   func(ctx context.Context) error
}

// Runner ticks each task on its own goroutine.
type Runner struct {
	tasks  []Task
	logger *slog.Logger
}

func NewRunner(logger *slog.Logger, tasks ...Task) *Runner {
	return &Runner{tasks: tasks, logger: logger}
}

// RunOnce runs the named task and returns its error; used by the
// `yardcron run <task>` subcommand and by operators re-running a failed job.
func (r *Runner) RunOnce(ctx context.Context, name string) (bool, error) {
	for _, t := range r.tasks {
		if t.Name == name {
			return true, t.Run(ctx)
		}
	}
	return false, nil
}

// Start blocks until ctx is cancelled.
func (r *Runner) Start(ctx context.Context) {
	var wg sync.WaitGroup
	for _, t := range r.tasks {
		wg.Add(1)
		go func(t Task) {
			defer wg.Done()
			r.loop(ctx, t)
		}(t)
	}
	wg.Wait()
}

func (r *Runner) loop(ctx context.Context, t Task) {
	tick := time.NewTicker(t.Every)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			start := time.Now()
			if err := t.Run(ctx); err != nil {
				r.logger.ErrorContext(ctx, "task failed", "task", t.Name, "took", time.Since(start), "err", err)
				continue
			}
			r.logger.DebugContext(ctx, "task done", "task", t.Name, "took", time.Since(start))
		}
	}
}
