// Package scheduler holds the jobs run by the scheduler binary. Each job is
// started by a Kubernetes CronJob; a failed run is restarted by the Job
// controller (backoffLimit 3), and operators re-run jobs by hand after
// incidents.
package scheduler

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/uptrace/bun"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/service"
	"github.com/summitline/skipass/internal/store"
)

// Job is one scheduled unit of work, run as of now.
type Job func(ctx context.Context, now time.Time) error

type Runner struct {
	db          *bun.DB
	rideDays    store.RideDays
	instalments service.InstalmentService
	loyalty     service.LoyaltyService
	billing     service.BillingService
	cards       service.CardService
	log         *slog.Logger
	tz          *time.Location
	jobs        map[string]Job
}

func NewRunner(cfg config.Config, db *bun.DB, rideDays store.RideDays, instalments service.InstalmentService,
	loyalty service.LoyaltyService, billing service.BillingService, cards service.CardService,
	log *slog.Logger) *Runner {
	r := &Runner{
		db: db, rideDays: rideDays, instalments: instalments, loyalty: loyalty,
		billing: billing, cards: cards, log: log, tz: cfg.Timezone,
	}
	r.jobs = map[string]Job{
		"queue-due-instalments": r.queueDueInstalments,
		"loyalty-reconcile":     r.reconcileLoyalty,
		"school-invoices":       r.schoolInvoices,
		"invoice-reminders":     r.invoiceReminders,
		"expire-passes":         r.expirePasses,
	}
	return r
}

// Names lists the registered jobs.
func (r *Runner) Names() []string {
	out := make([]string, 0, len(r.jobs))
	for n := range r.jobs {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Run executes the named job.
func (r *Runner) Run(ctx context.Context, name string, now time.Time) error {
	job, ok := r.jobs[name]
	if !ok {
		return fmt.Errorf("unknown job %q (have %v)", name, r.Names())
	}
	start := time.Now()
	err := job(ctx, now.In(r.tz))
	r.log.Info("job finished", "job", name, "took", time.Since(start), "err", err)
	return err
}

func (r *Runner) today(now time.Time) time.Time {
	return time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, r.tz)
}

func (r *Runner) queueDueInstalments(ctx context.Context, now time.Time) error {
	n, err := r.instalments.QueueDue(ctx, r.today(now))
	r.log.Info("instalments queued", "count", n)
	return err
}

// reconcileLoyalty credits ride days that the per-scan grant missed (queue
// outages, offline gates) up to yesterday.
func (r *Runner) reconcileLoyalty(ctx context.Context, now time.Time) error {
	cutoff := r.today(now)
	days, err := r.rideDays.ListUngranted(ctx, r.db, cutoff, 5000)
	if err != nil {
		return err
	}
	keys := map[string][]store.RideDayKey{}
	dates := map[string]map[string]struct{}{}
	for _, d := range days {
		keys[d.AccountID] = append(keys[d.AccountID], store.RideDayKey{PassID: d.PassID, RideDate: d.RideDate})
		if dates[d.AccountID] == nil {
			dates[d.AccountID] = map[string]struct{}{}
		}
		dates[d.AccountID][d.RideDate.Format(time.DateOnly)] = struct{}{}
	}
	ref := "ride-days-through-" + cutoff.AddDate(0, 0, -1).Format(time.DateOnly)
	for account, ks := range keys {
		points := len(dates[account]) * service.PointsPerRideDay
		if err := r.loyalty.CreditPoints(ctx, account, points, ref); err != nil {
			return fmt.Errorf("credit %s: %w", account, err)
		}
		if err := r.loyalty.MarkGranted(ctx, ks); err != nil {
			return fmt.Errorf("mark granted %s: %w", account, err)
		}
	}
	r.log.Info("loyalty reconciled", "accounts", len(keys), "ride_days", len(days))
	return nil
}

// schoolInvoices bills the previous calendar month; it runs on the 1st.
func (r *Runner) schoolInvoices(ctx context.Context, now time.Time) error {
	prev := r.today(now).AddDate(0, -1, 0)
	n, err := r.billing.RunMonthlyInvoices(ctx, prev)
	r.log.Info("school invoices issued", "month", prev.Format("2006-01"), "count", n)
	return err
}

func (r *Runner) invoiceReminders(ctx context.Context, now time.Time) error {
	n, err := r.billing.QueueReminders(ctx, r.today(now))
	r.log.Info("invoice reminders queued", "count", n)
	return err
}

func (r *Runner) expirePasses(ctx context.Context, now time.Time) error {
	n, err := r.cards.ExpireEnded(ctx, r.today(now))
	r.log.Info("passes expired", "count", n)
	return err
}
