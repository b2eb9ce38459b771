// Command billing-cron runs the monthly billing jobs. It is scheduled as a
// Kubernetes CronJob (backoffLimit 3), once a day for subscriptions and on
// the 1st of the month for fleet invoices:
//
//	billing-cron -job subscriptions
//	billing-cron -job fleet [-period 2025-05]
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/app"
	"github.com/brightbay/washclub/internal/config"
	"github.com/brightbay/washclub/internal/platform"
	"github.com/brightbay/washclub/internal/service"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("bin", "billing-cron")
	job := flag.String("job", "", "subscriptions | fleet")
	asOf := flag.String("as-of", "", "bill subscriptions due at or before this RFC 3339 time (default now)")
	period := flag.String("period", "", "fleet period YYYY-MM (default previous month)")
	flag.Parse()

	if err := run(log, *job, *asOf, *period); err != nil {
		log.Error("billing run failed", "job", *job, "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, job, asOf, period string) error {
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	c, err := app.New(cfg, log)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()

	return c.Invoke(func(billing service.BillingService, fleet service.FleetService, db *sqlx.DB, queue *asynq.Client) error {
		defer db.Close()
		defer queue.Close()

		switch job {
		case "subscriptions":
			at := time.Now().UTC()
			if asOf != "" {
				if at, err = time.Parse(time.RFC3339, asOf); err != nil {
					return fmt.Errorf("-as-of: %w", err)
				}
			}
			stats, err := billing.RunSubscriptionBilling(ctx, at)
			log.Info("subscription billing", "scanned", stats.Scanned, "enqueued", stats.Enqueued)
			return err
		case "fleet":
			if period == "" {
				period = platform.PreviousPeriod(time.Now(), cfg.Location)
			}
			n, err := fleet.RunInvoicing(ctx, period)
			log.Info("fleet invoicing", "period", period, "accounts", n)
			return err
		default:
			return fmt.Errorf("unknown -job %q", job)
		}
	})
}
