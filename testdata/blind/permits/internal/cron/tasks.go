// Package cron holds the one-shot tasks run by the permits-cron binary from
// Kubernetes CronJobs.
package cron

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/civicworks/permits/internal/service"
)

// Task is one scheduled job.
type Task func(ctx context.Context) error

// Tasks is the table of tasks by name.
type Tasks map[string]Task

// NewTasks builds the task table.
func NewTasks(parking service.Parking, insp service.Inspections, log *slog.Logger) Tasks {
	log = log.With("component", "cron")
	return Tasks{
		"renewal-reminders": func(ctx context.Context) error {
			n, err := parking.SendRenewalReminders(ctx, time.Now())
			log.InfoContext(ctx, "renewal reminders sent", "count", n)
			return err
		},
		"release-stale-bookings": func(ctx context.Context) error {
			n, err := insp.ReleaseStale(ctx, time.Hour)
			log.InfoContext(ctx, "stale inspection reservations released", "count", n)
			return err
		},
	}
}

// Run runs the named task.
func (t Tasks) Run(ctx context.Context, name string) error {
	task, ok := t[name]
	if !ok {
		return fmt.Errorf("unknown task %q (known: %v)", name, t.names())
	}
	return task(ctx)
}

func (t Tasks) names() []string {
	out := make([]string, 0, len(t))
	for name := range t {
		out = append(out, name)
	}
	sort.Strings(out)
	return out
}
