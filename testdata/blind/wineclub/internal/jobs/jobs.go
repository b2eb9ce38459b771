// Package jobs holds the scheduled tasks run by the cron binary. The
// scheduler (a Kubernetes CronJob per task) reruns a task whose pod exits
// non-zero, up to its backoff limit.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/google/uuid"

	"github.com/vinoteca/wineclub/internal/allocation"
	"github.com/vinoteca/wineclub/internal/billing"
	"github.com/vinoteca/wineclub/internal/commands"
	"github.com/vinoteca/wineclub/internal/compliance"
	"github.com/vinoteca/wineclub/internal/gifting"
	"github.com/vinoteca/wineclub/internal/platform/bus"
)

// Task is one scheduled job.
type Task func(ctx context.Context, now time.Time) error

// Registry maps task names to tasks.
type Registry map[string]Task

// Names lists the registered tasks.
func (r Registry) Names() []string {
	out := make([]string, 0, len(r))
	for k := range r {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// Run runs the named task.
func (r Registry) Run(ctx context.Context, name string, now time.Time) error {
	t, ok := r[name]
	if !ok {
		return fmt.Errorf("unknown task %q (have %v)", name, r.Names())
	}
	return t(ctx, now)
}

// Deps are the services tasks call.
type Deps struct {
	Bus        *bus.Bus
	Allocation *allocation.Service
	Billing    *billing.Service
	Gifting    *gifting.Service
	Compliance *compliance.Service
	Log        *slog.Logger
}

// NewRegistry builds the task table.
func NewRegistry(d Deps) Registry {
	return Registry{
		"allocate-quarter": func(ctx context.Context, now time.Time) error {
			res, err := d.Allocation.AllocateQuarter(ctx, allocation.Quarter(now))
			if err != nil {
				return err
			}
			d.Log.InfoContext(ctx, "allocation run finished", "run", res.RunID, "quarter", res.Quarter,
				"allocated", res.Allocated, "skipped", res.Skipped)
			return nil
		},
		"charge-run": func(ctx context.Context, now time.Time) error {
			ok, failed, err := d.Billing.ChargeQuarter(ctx, allocation.Quarter(now), func(ctx context.Context, id uuid.UUID) error {
				_, err := bus.Dispatch(ctx, d.Bus, commands.ChargeAllocation{AllocationID: id})
				return err
			})
			d.Log.InfoContext(ctx, "charge run finished", "charged", ok, "failed", failed)
			return err
		},
		"compliance-monthly": func(ctx context.Context, now time.Time) error {
			res, err := d.Compliance.RunMonthly(ctx, compliance.PreviousMonth(now))
			if res != nil {
				d.Log.InfoContext(ctx, "compliance run", "period", res.Period,
					"submitted", res.Submitted, "skipped", res.Skipped, "failed", len(res.Failed))
			}
			return err
		},
		"activate-gifts": func(ctx context.Context, now time.Time) error {
			n, err := d.Gifting.ActivateDue(ctx, now.UTC().Truncate(24*time.Hour))
			d.Log.InfoContext(ctx, "gifts activated", "count", n)
			return err
		},
	}
}
