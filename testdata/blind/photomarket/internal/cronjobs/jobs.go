// Package cronjobs holds the scheduled jobs run by the cron binary. The
// scheduler runs each job once per schedule and re-runs a job whose
// process exits non-zero.
package cronjobs

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/lenslane/photomarket/internal/statements"
)

// Job is one scheduled task.
type Job func(ctx context.Context, now time.Time) error

type reminderSender interface {
	SendShootReminders(ctx context.Context, day time.Time) (int, error)
}

type statementWriter interface {
	Run(ctx context.Context, p statements.Period) (int, error)
}

type balanceCollector interface {
	CollectDueBalances(ctx context.Context, window time.Duration) (int, error)
}

type holdExpirer interface {
	ExpireHolds(ctx context.Context, now time.Time) (int, error)
}

// Deps are the services the jobs drive.
type Deps struct {
	Reminders     reminderSender
	Statements    statementWriter
	Balances      balanceCollector
	Holds         holdExpirer
	BalanceWindow time.Duration
	Logger        *slog.Logger
}

// Table returns the jobs by name.
func Table(d Deps) map[string]Job {
	return map[string]Job{
		"shoot-reminders": func(ctx context.Context, now time.Time) error {
			day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC).AddDate(0, 0, 1)
			n, err := d.Reminders.SendShootReminders(ctx, day)
			d.Logger.Info("shoot reminders", "sent", n)
			return err
		},
		"monthly-statements": func(ctx context.Context, now time.Time) error {
			_, err := d.Statements.Run(ctx, statements.PreviousMonth(now))
			return err
		},
		"collect-balances": func(ctx context.Context, now time.Time) error {
			n, err := d.Balances.CollectDueBalances(ctx, d.BalanceWindow)
			d.Logger.Info("balances collected", "charged", n)
			return err
		},
		"expire-holds": func(ctx context.Context, now time.Time) error {
			n, err := d.Holds.ExpireHolds(ctx, now)
			d.Logger.Info("holds expired", "count", n)
			return err
		},
	}
}

// Names lists the job names in order.
func Names(t map[string]Job) []string {
	names := make([]string, 0, len(t))
	for n := range t {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Run runs the named job.
func Run(ctx context.Context, t map[string]Job, name string, now time.Time) error {
	job, ok := t[name]
	if !ok {
		return fmt.Errorf("unknown job %q (have %v)", name, Names(t))
	}
	return job(ctx, now)
}
