// Package jobs holds the scheduled jobs run by the depot cron binary. The
// scheduler (a Kubernetes CronJob) reruns a job that exits non-zero.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/depotworks/depot/internal/platform/clock"
)

// Job runs once per invocation.
type Job func(ctx context.Context, args Args) error

// Args are the command-line arguments a job receives.
type Args struct {
	Period string
	Now    time.Time
}

// StorageCollector bills storage for a period.
type StorageCollector interface {
	CollectStorage(ctx context.Context, period string) (int, error)
}

// ReservationExpirer releases overdue reservations.
type ReservationExpirer interface {
	ExpireReservations(ctx context.Context) (int, error)
}

// Registry maps job names to jobs.
type Registry map[string]Job

// Names lists the registered jobs.
func (r Registry) Names() []string {
	out := make([]string, 0, len(r))
	for k := range r {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Run runs the named job.
func (r Registry) Run(ctx context.Context, name string, args Args) error {
	j, ok := r[name]
	if !ok {
		return fmt.Errorf("unknown job %q (have %v)", name, r.Names())
	}
	return j(ctx, args)
}

// Build wires the registry.
func Build(storage StorageCollector, reservations ReservationExpirer, c clock.Clock, log *slog.Logger) Registry {
	return Registry{
		"storage-billing": func(ctx context.Context, a Args) error {
			return collectStorage(ctx, storage, c, log, a)
		},
		"expire-reservations": func(ctx context.Context, _ Args) error {
			n, err := reservations.ExpireReservations(ctx)
			if err != nil {
				return err
			}
			log.Info("reservations expired", "count", n)
			return nil
		},
	}
}

// collectStorage bills the previous calendar month unless a period is
// given.
func collectStorage(ctx context.Context, svc StorageCollector, c clock.Clock, log *slog.Logger, a Args) error {
	period := a.Period
	if period == "" {
		now := c.Now()
		period = time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC).AddDate(0, -1, 0).Format("2006-01")
	}
	n, err := svc.CollectStorage(ctx, period)
	if err != nil {
		return fmt.Errorf("storage billing %s: %w", period, err)
	}
	log.Info("storage billing done", "period", period, "charged", n)
	return nil
}
