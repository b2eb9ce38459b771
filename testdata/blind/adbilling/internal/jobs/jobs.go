// Package jobs holds the scheduled billing jobs. Each job runs as a
// Kubernetes CronJob invocation of cmd/billing-jobs; a failed invocation is
// retried by the CronJob controller (backoffLimit) with the same arguments.
package jobs

import (
	"context"
	"fmt"
	"log/slog"
	"sort"
	"time"

	"github.com/brightlane/adbilling/internal/service"
)

// Args are the job's command-line arguments.
type Args struct {
	Day    time.Time // daily jobs
	Period string    // monthly jobs, YYYY-MM
}

// Job is one schedulable unit of work.
type Job interface {
	Name() string
	Run(ctx context.Context, args Args) error
}

// Registry looks jobs up by name.
type Registry map[string]Job

func NewRegistry(jobs ...Job) Registry {
	r := Registry{}
	for _, j := range jobs {
		r[j.Name()] = j
	}
	return r
}

func (r Registry) Names() []string {
	out := make([]string, 0, len(r))
	for n := range r {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

func (r Registry) Run(ctx context.Context, name string, args Args) error {
	j, ok := r[name]
	if !ok {
		return fmt.Errorf("unknown job %q (known: %v)", name, r.Names())
	}
	return j.Run(ctx, args)
}

// DayCharger charges a day of spend.
type DayCharger interface {
	ChargeDay(ctx context.Context, day time.Time) (service.ChargeSummary, error)
}

// PeriodInvoicer issues monthly invoices.
type PeriodInvoicer interface {
	IssueMonthly(ctx context.Context, period string) (service.IssueSummary, error)
}

// PayoutRunner pays publishers for a period.
type PayoutRunner interface {
	RunPeriod(ctx context.Context, period string) (service.RunSummary, error)
}

type dailySpendJob struct {
	charger DayCharger
	log     *slog.Logger
}

func NewDailySpendJob(c DayCharger, log *slog.Logger) Job {
	return &dailySpendJob{charger: c, log: log}
}

func (j *dailySpendJob) Name() string { return "daily-spend" }

func (j *dailySpendJob) Run(ctx context.Context, args Args) error {
	day := args.Day
	if day.IsZero() {
		day = time.Now().UTC().AddDate(0, 0, -1)
	}
	sum, err := j.charger.ChargeDay(ctx, day)
	j.log.Info("daily spend charged", "day", sum.Day, "advertisers", sum.Advertisers, "total", sum.Total.String(), "err", err)
	return err
}

type monthlyInvoiceJob struct {
	invoicer PeriodInvoicer
	log      *slog.Logger
}

func NewMonthlyInvoiceJob(inv PeriodInvoicer, log *slog.Logger) Job {
	return &monthlyInvoiceJob{invoicer: inv, log: log}
}

func (j *monthlyInvoiceJob) Name() string { return "monthly-invoices" }

func (j *monthlyInvoiceJob) Run(ctx context.Context, args Args) error {
	period := args.Period
	if period == "" {
		period = previousPeriod(time.Now().UTC())
	}
	sum, err := j.invoicer.IssueMonthly(ctx, period)
	j.log.Info("monthly invoices", "period", period, "issued", sum.Issued, "skipped", sum.Skipped, "err", err)
	return err
}

type payoutRunJob struct {
	runner PayoutRunner
	log    *slog.Logger
}

func NewPayoutRunJob(r PayoutRunner, log *slog.Logger) Job {
	return &payoutRunJob{runner: r, log: log}
}

func (j *payoutRunJob) Name() string { return "publisher-payouts" }

func (j *payoutRunJob) Run(ctx context.Context, args Args) error {
	period := args.Period
	if period == "" {
		period = previousPeriod(time.Now().UTC())
	}
	sum, err := j.runner.RunPeriod(ctx, period)
	j.log.Info("payout run", "period", period, "scheduled", sum.Scheduled, "paid", sum.Paid, "failed", sum.Failed, "err", err)
	if err == nil && sum.Failed > 0 {
		return fmt.Errorf("%d payouts failed", sum.Failed)
	}
	return err
}

func previousPeriod(now time.Time) string {
	first := time.Date(now.Year(), now.Month(), 1, 0, 0, 0, 0, time.UTC)
	return first.AddDate(0, -1, 0).Format("2006-01")
}
