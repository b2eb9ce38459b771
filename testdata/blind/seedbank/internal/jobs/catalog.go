package jobs

import (
	"context"
	"log/slog"
	"time"
)

// Dependencies for the table of cron jobs.
type (
	catalogueSender interface {
		SendSeason(ctx context.Context, season string) (int, error)
	}
	overdueReminder interface {
		RemindOverdue(ctx context.Context) (int, error)
	}
	duesRenewer interface {
		RenewDue(ctx context.Context, window time.Duration, period string) (int, error)
	}
)

// CronDeps are the services the cron jobs drive.
type CronDeps struct {
	Catalogue catalogueSender
	Loans     overdueReminder
	Dues      duesRenewer
	Holds     *HoldExpirer
	Season    string
	Log       *slog.Logger
	Clock     func() time.Time
}

// CronTable is the registration table for seedbank-cron.
func CronTable(d CronDeps) Table {
	if d.Clock == nil {
		d.Clock = func() time.Time { return time.Now().UTC() }
	}
	count := func(name string, fn func(ctx context.Context) (int, error)) func(context.Context) error {
		return func(ctx context.Context) error {
			n, err := fn(ctx)
			d.Log.InfoContext(ctx, "job progress", slog.String("job", name), slog.Int("items", n))
			return err
		}
	}
	return NewTable(
		Job{
			Name:    "catalogue-send",
			Timeout: 2 * time.Hour,
			Run: count("catalogue-send", func(ctx context.Context) (int, error) {
				return d.Catalogue.SendSeason(ctx, d.Season)
			}),
		},
		Job{
			Name:    "overdue-reminders",
			Timeout: 30 * time.Minute,
			Run:     count("overdue-reminders", d.Loans.RemindOverdue),
		},
		Job{
			Name:    "dues-renewals",
			Timeout: time.Hour,
			Run: count("dues-renewals", func(ctx context.Context) (int, error) {
				next := d.Clock().AddDate(1, 0, 0)
				return d.Dues.RenewDue(ctx, 14*24*time.Hour, next.Format("2006"))
			}),
		},
		Job{
			Name:    "expire-holds",
			Timeout: 10 * time.Minute,
			Run:     d.Holds.Run,
		},
	)
}
