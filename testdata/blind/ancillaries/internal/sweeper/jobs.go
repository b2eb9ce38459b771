package sweeper

import (
	"context"
	"log/slog"
	"time"

	"github.com/skyway-air/ancillaries/internal/app"
)

// Jobs are the use cases run by the sweeper.
type Jobs struct {
	Expirer   *app.OrderExpirer
	Issuer    *app.EMDIssuer
	Exporter  *app.AccrualExporter
	Reminders *app.LoungeReminders
	Logger    *slog.Logger
	Now       func() time.Time
}

// Build returns the job list.
func (j Jobs) Build(interval time.Duration) []Job {
	now := j.Now
	if now == nil {
		now = func() time.Time { return time.Now().UTC() }
	}
	return []Job{
		{
			Name:     "expire-unpaid-orders",
			Interval: interval,
			Run: func(ctx context.Context) error {
				n, err := j.Expirer.Run(ctx, 200)
				if n > 0 {
					j.Logger.InfoContext(ctx, "expired unpaid orders", slog.Int("count", n))
				}
				return err
			},
		},
		{
			Name:     "reconcile-stuck-emds",
			Interval: 5 * interval,
			Run: func(ctx context.Context) error {
				n, err := j.Issuer.ReconcileStuck(ctx, 20*time.Minute, 50)
				if n > 0 {
					j.Logger.InfoContext(ctx, "reissued stuck emds", slog.Int("count", n))
				}
				return err
			},
		},
		{
			Name:     "export-loyalty-accruals",
			Interval: 15 * interval,
			Run: func(ctx context.Context) error {
				t := now()
				if t.Hour() < 2 {
					return nil
				}
				return j.Exporter.Export(ctx, t.Add(-24*time.Hour))
			},
		},
		{
			Name:     "lounge-reminders",
			Interval: 10 * interval,
			Run: func(ctx context.Context) error {
				t := now()
				if t.Hour() < 9 || t.Hour() > 20 {
					return nil
				}
				_, err := j.Reminders.Run(ctx, 500)
				return err
			},
		},
	}
}
