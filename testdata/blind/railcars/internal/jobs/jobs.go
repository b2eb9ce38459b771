package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/ironbridge-leasing/railcars/internal/domain"
	"github.com/ironbridge-leasing/railcars/internal/platform/db"
	"github.com/ironbridge-leasing/railcars/internal/repo"
	"github.com/ironbridge-leasing/railcars/internal/service"
)

// NightlyDemurrage accrues demurrage through the start of the run's day.
func NightlyDemurrage(svc *service.DemurrageService, log *slog.Logger) Job {
	return Job{
		Name: "nightly-demurrage",
		Spec: "15 2 * * *",
		Run: func(ctx context.Context, now time.Time) error {
			res, err := svc.AccrueThrough(ctx, now)
			log.Info("demurrage accrued", "placements", res.Placements, "charges", res.Charges, "cents", res.Cents)
			return err
		},
	}
}

// MonthlyInvoicing issues lease invoices on the first of the month.
func MonthlyInvoicing(svc *service.BillingService, log *slog.Logger) Job {
	return Job{
		Name:    "monthly-invoicing",
		Spec:    "0 5 1 * *",
		Timeout: 2 * time.Hour,
		Run: func(ctx context.Context, now time.Time) error {
			run, err := svc.RunMonthly(ctx, now)
			log.Info("invoicing run", "issued", run.Issued, "skipped", run.Skipped)
			return err
		},
	}
}

// Autopay charges autopay customers' cards for invoices due today.
func Autopay(svc *service.PaymentService, log *slog.Logger) Job {
	return Job{
		Name: "autopay",
		Spec: "30 7 * * *",
		Run: func(ctx context.Context, now time.Time) error {
			n, err := svc.Autopay(ctx, now)
			log.Info("autopay", "paid", n)
			return err
		},
	}
}

// Publisher sends events to a topic.
type Publisher interface {
	Publish(ctx context.Context, topic string, e domain.Event) error
}

// OutboxRelay publishes pending outbox events to Kafka.
func OutboxRelay(tx *db.TxRunner, outbox repo.Outbox, pub Publisher) Job {
	return Job{
		Name:     "outbox-relay",
		Spec:     "@every 5s",
		Attempts: 1,
		Timeout:  time.Minute,
		Run: func(ctx context.Context, now time.Time) error {
			return tx.InTx(ctx, func(ctx context.Context) error {
				q := tx.Q(ctx)
				pending, err := outbox.Unpublished(ctx, q, 200)
				if err != nil {
					return err
				}
				for _, p := range pending {
					if err := pub.Publish(ctx, p.Topic, p.Event); err != nil {
						return err
					}
					if err := outbox.MarkPublished(ctx, q, p.Event.ID, time.Now().UTC()); err != nil {
						return err
					}
				}
				return nil
			})
		},
	}
}
