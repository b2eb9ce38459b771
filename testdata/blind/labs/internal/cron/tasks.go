// Package cron holds the scheduled tasks run by labs-cron. Each run is a
// Kubernetes CronJob; a failed run is restarted by the Job controller
// (backoffLimit) and may overlap the next schedule.
package cron

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/meridianlabs/labs/internal/service/billing"
)

// Task is one scheduled task.
type Task interface {
	Run(ctx context.Context) error
}

// TaskFunc adapts a function to Task.
type TaskFunc func(ctx context.Context) error

// Run calls f.
func (f TaskFunc) Run(ctx context.Context) error { return f(ctx) }

// Tasks maps task names to tasks.
type Tasks map[string]Task

// Names lists the task names.
func (t Tasks) Names() []string {
	out := make([]string, 0, len(t))
	for k := range t {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Run runs the named task.
func (t Tasks) Run(ctx context.Context, name string) error {
	task, ok := t[name]
	if !ok {
		return fmt.Errorf("unknown task %q (have %v)", name, t.Names())
	}
	return task.Run(ctx)
}

// Deps are the services the tasks call.
type Deps struct {
	Billing *billing.Service
	Now     func() time.Time
	Log     *slog.Logger
}

// New returns the task table.
func New(d Deps) Tasks {
	return Tasks{
		"statements": TaskFunc(func(ctx context.Context) error {
			run, err := d.Billing.RunStatements(ctx, d.Now(), 5000)
			d.Log.InfoContext(ctx, "statement run", "statements", run.Statements, "autopays", run.Autopays, "err", err)
			return err
		}),
		"claim-builds": TaskFunc(func(ctx context.Context) error {
			n, err := d.Billing.EnqueueClaimBuilds(ctx, 1000)
			d.Log.InfoContext(ctx, "claim builds queued", "count", n, "err", err)
			return err
		}),
	}
}
