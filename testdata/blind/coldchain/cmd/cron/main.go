// Command cron runs the scheduled batch tasks. It is invoked by Kubernetes
// CronJobs with the task name as its only argument:
//
//	cron payout-run     # Mondays 06:00 UTC, settles the previous week
//	cron invoice-run    # 1st of the month, bills delivered shipments
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/frostline/coldchain/internal/billing"
	"github.com/frostline/coldchain/internal/jobs"
	"github.com/frostline/coldchain/internal/payouts"
	"github.com/frostline/coldchain/internal/platform"
	"github.com/frostline/coldchain/internal/providers/mailroute"
	"github.com/frostline/coldchain/internal/providers/paylane"
	"github.com/frostline/coldchain/internal/storage/postgres"
)

type task func(ctx context.Context, d deps) error

type deps struct {
	payouts  *payouts.Service
	invoices *billing.InvoiceService
	log      *slog.Logger
}

var tasks = map[string]task{
	"payout-run": func(ctx context.Context, d deps) error {
		// Settle the week that ended at the most recent Monday.
		period := payouts.PeriodStart(time.Now()).AddDate(0, 0, -7)
		n, err := d.payouts.StartRun(ctx, period)
		if err != nil {
			return err
		}
		d.log.Info("payout run queued", "period_start", period.Format(time.DateOnly), "drivers", n)
		return nil
	},
	"invoice-run": func(ctx context.Context, d deps) error {
		res, err := d.invoices.RunFreightInvoicing(ctx)
		d.log.Info("invoice run finished", "invoiced", res.Invoiced, "skipped", res.Skipped, "failed", res.Failed)
		return err
	},
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: cron <payout-run|invoice-run>")
		os.Exit(2)
	}
	t, ok := tasks[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown task %q\n", os.Args[1])
		os.Exit(2)
	}
	if err := run(log, t); err != nil {
		log.Error("cron task failed", "task", os.Args[1], "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, t task) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := platform.LoadConfig()
	if err != nil {
		return err
	}
	pool, err := platform.NewPool(ctx, cfg)
	if err != nil {
		return err
	}
	defer pool.Close()

	riverClient, err := river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
	if err != nil {
		return err
	}
	enq := jobs.NewEnqueuer(riverClient)
	httpClient := platform.NewHTTPClient(cfg)
	shipments := postgres.NewShipmentRepo(pool)

	d := deps{
		payouts: payouts.NewService(
			postgres.NewPayoutRepo(pool),
			paylane.New(cfg.PaylaneBaseURL, cfg.PaylaneAPIKey, httpClient),
			nil, // fuel advances are not issued from cron
			enq,
			log,
		),
		invoices: billing.NewInvoiceService(
			postgres.NewBillingRepo(pool, shipments),
			postgres.NewIdempotencyRepo(pool),
			enq,
			mailroute.New(cfg.MailrouteBaseURL, cfg.MailrouteToken, httpClient),
			log,
		),
		log: log,
	}
	return t(ctx, d)
}
