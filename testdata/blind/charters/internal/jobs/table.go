package jobs

import (
	"context"
	"fmt"
	"time"

	"github.com/saltline-charters/charterhub/internal/service"
)

// Settler is the billing side the jobs drive.
type Settler interface {
	SettleFees(ctx context.Context, batch int32) (service.SettleReport, error)
	InvoiceHarbourDues(ctx context.Context, period time.Time) (int, error)
}

// Housekeeper is the operations side the jobs drive.
type Housekeeper interface {
	ExpireHolds(ctx context.Context) (int64, error)
	CloseReturnedTrips(ctx context.Context, grace time.Duration, batch int32) (int, error)
	FlushOutbox(ctx context.Context, batch int32) (int, error)
}

// Table is every job the scheduler can start. Schedules live in the
// CronJob manifests:
//
//	expire-holds   every minute
//	flush-outbox   every minute
//	close-trips    hourly
//	settle-fees    daily 03:00
//	harbour-dues   monthly, 2nd 04:00
func Table(billing Settler, ops Housekeeper, now service.Clock) []Job {
	return []Job{
		{
			Name:    "expire-holds",
			Timeout: time.Minute,
			Run: func(ctx context.Context) (string, error) {
				n, err := ops.ExpireHolds(ctx)
				return fmt.Sprintf("%d holds expired", n), err
			},
		},
		{
			Name:    "flush-outbox",
			Timeout: time.Minute,
			Run: func(ctx context.Context) (string, error) {
				n, err := ops.FlushOutbox(ctx, 500)
				return fmt.Sprintf("%d published", n), err
			},
		},
		{
			Name:    "close-trips",
			Timeout: 15 * time.Minute,
			Run: func(ctx context.Context) (string, error) {
				n, err := ops.CloseReturnedTrips(ctx, 2*time.Hour, 500)
				return fmt.Sprintf("%d trips closed", n), err
			},
		},
		{
			Name:    "settle-fees",
			Timeout: 30 * time.Minute,
			Run: func(ctx context.Context) (string, error) {
				rep, err := billing.SettleFees(ctx, 1000)
				return fmt.Sprintf("%d settled (%d cents), %d declined", rep.Settled, rep.Cents, rep.Declined), err
			},
		},
		{
			Name:    "harbour-dues",
			Timeout: 15 * time.Minute,
			Run: func(ctx context.Context) (string, error) {
				lastMonth := now().AddDate(0, -1, 0)
				n, err := billing.InvoiceHarbourDues(ctx, lastMonth)
				return fmt.Sprintf("%d marina invoices for %s", n, lastMonth.Format("2006-01")), err
			},
		},
	}
}
