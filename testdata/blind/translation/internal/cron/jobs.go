// Package cron holds the periodic jobs run by cmd/cron. Each job is run by a
// Kubernetes CronJob; a pod that exits non-zero is started again
// (backoffLimit 3), and the next schedule runs the job again regardless.
package cron

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/polyglotdesk/marketplace/internal/service"
)

// Job is one periodic task.
type Job struct {
	Name     string
	Schedule string
	Run      func(ctx context.Context, now time.Time) error
}

// Deps are the services the jobs use.
type Deps struct {
	Engagement service.EngagementService
	Settlement service.SettlementService
	Payouts    service.PayoutService
	Log        *slog.Logger
}

// Table lists every job by name.
func Table(d Deps) map[string]Job {
	jobs := []Job{
		{
			Name:     "quote-reminders",
			Schedule: "0 * * * *",
			Run: func(ctx context.Context, now time.Time) error {
				n, err := d.Engagement.RemindClients(ctx, now)
				d.Log.InfoContext(ctx, "quote reminders", "sent", n)
				return err
			},
		},
		{
			Name:     "expire-quotes",
			Schedule: "*/15 * * * *",
			Run: func(ctx context.Context, now time.Time) error {
				n, err := d.Engagement.ExpireQuotes(ctx, now)
				d.Log.InfoContext(ctx, "quotes expired", "count", n)
				return err
			},
		},
		{
			Name:     "late-credits",
			Schedule: "30 */2 * * *",
			Run: func(ctx context.Context, now time.Time) error {
				n, err := d.Settlement.ApplyLateCredits(ctx, now)
				d.Log.InfoContext(ctx, "late credits", "applied", n)
				return err
			},
		},
		{
			Name:     "weekly-payouts",
			Schedule: "0 6 * * 1",
			Run: func(ctx context.Context, now time.Time) error {
				n, err := d.Payouts.RunWeekly(ctx, now)
				d.Log.InfoContext(ctx, "weekly payouts", "queued", n)
				return err
			},
		},
	}
	out := make(map[string]Job, len(jobs))
	for _, j := range jobs {
		out[j.Name] = j
	}
	return out
}

// Names lists the job names, sorted.
func Names(t map[string]Job) []string {
	out := make([]string, 0, len(t))
	for k := range t {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// RunNamed runs one job from the table.
func RunNamed(ctx context.Context, t map[string]Job, name string, now time.Time) error {
	j, ok := t[name]
	if !ok {
		return fmt.Errorf("unknown job %q (have %v)", name, Names(t))
	}
	return j.Run(ctx, now)
}
