// Package jobs holds the scheduled batch jobs run by ovenline-cron.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/config"
	"github.com/crumbworks/ovenline/internal/service"
)

// Job is one scheduled batch.
type Job func(ctx context.Context) error

// Runner looks jobs up by name.
type Runner struct {
	jobs map[string]Job
	log  *slog.Logger
}

// Deps are the services the jobs drive.
type Deps struct {
	fx.In

	Config      config.Config
	Standing    *service.StandingOrders
	Purchasing  *service.Purchasing
	Statements  *service.Statements
	Collections *service.Collections
	Now         service.Clock
	Log         *slog.Logger
}

// NewRunner registers the jobs.
func NewRunner(d Deps) *Runner {
	loc := d.Config.Location()
	today := func() time.Time {
		y, m, day := d.Now().In(loc).Date()
		return time.Date(y, m, day, 0, 0, 0, 0, loc)
	}
	return &Runner{
		log: d.Log,
		jobs: map[string]Job{
			// Nightly at 18:00: orders for two days out, so bakers see them
			// on tomorrow night's sheet.
			"standing-orders": func(ctx context.Context) error {
				day := today().AddDate(0, 0, 2)
				n, err := d.Standing.MaterialiseDay(ctx, day)
				d.Log.InfoContext(ctx, "standing orders materialised", "day", day.Format(time.DateOnly), "created", n)
				return err
			},
			// Mondays at 06:00: flour for the week after next.
			"flour-reorder": func(ctx context.Context) error {
				from := nextMonday(today()).AddDate(0, 0, 7)
				to := from.AddDate(0, 0, 6)
				n, err := d.Purchasing.PlanFlour(ctx, from, to, from.AddDate(0, 0, -2))
				d.Log.InfoContext(ctx, "flour drafts updated", "from", from.Format(time.DateOnly), "suppliers", n)
				return err
			},
			// 1st of the month at 07:00: last month's statements.
			"statements": func(ctx context.Context) error {
				t := today()
				monthStart := time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, loc).AddDate(0, -1, 0)
				n, err := d.Statements.SendMonth(ctx, monthStart)
				d.Log.InfoContext(ctx, "statements sent", "period", monthStart.Format("2006-01"), "sent", n)
				return err
			},
			// Daily at 10:00: re-present failed direct debits.
			"collections-retry": func(ctx context.Context) error {
				n, err := d.Collections.RetryFailedCollections(ctx)
				d.Log.InfoContext(ctx, "failed collections re-presented", "count", n)
				return err
			},
		},
	}
}

// Names lists the registered jobs.
func (r *Runner) Names() []string {
	names := make([]string, 0, len(r.jobs))
	for n := range r.jobs {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Run runs the named job.
func (r *Runner) Run(ctx context.Context, name string) error {
	job, ok := r.jobs[name]
	if !ok {
		return fmt.Errorf("jobs: unknown job %q (have %v)", name, r.Names())
	}
	start := time.Now()
	err := job(ctx)
	r.log.InfoContext(ctx, "job finished", "job", name, "duration", time.Since(start), "ok", err == nil)
	return err
}

func nextMonday(t time.Time) time.Time {
	offset := (int(time.Monday) - int(t.Weekday()) + 7) % 7
	if offset == 0 {
		offset = 7
	}
	return t.AddDate(0, 0, offset)
}
