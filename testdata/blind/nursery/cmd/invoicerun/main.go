// Command invoicerun raises the monthly invoices.
//
// In production it runs as a long-lived process with an in-process cron
// schedule (INVOICE_SCHEDULE, nightly by default). If a run fails, the
// on-call runbook is to fix the cause and rerun the same period with
//
//	invoicerun -once -period 2026-12
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/acornlane-childcare/nursery/internal/app"
	"github.com/acornlane-childcare/nursery/internal/config"
	"github.com/acornlane-childcare/nursery/internal/events"
	"github.com/acornlane-childcare/nursery/internal/jobs/invoicerun"
	"github.com/acornlane-childcare/nursery/internal/platform/pgtx"
)

func main() {
	once := flag.Bool("once", false, "run once and exit instead of scheduling")
	period := flag.String("period", "", "period to invoice with -once (YYYY-MM); defaults to next month")
	flag.Parse()

	if err := run(*once, *period); err != nil {
		fmt.Fprintln(os.Stderr, "invoicerun:", err)
		os.Exit(1)
	}
}

func run(once bool, period string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	log := app.ProvideLogger(cfg)
	pool, cleanup, err := app.ProvidePool(ctx, cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	runner := invoicerun.NewRunner(
		app.ProvideQueries(pool),
		pgtx.NewManager(pool),
		events.NewOutbox(app.ProvideWatermillLogger(log)),
		log,
		invoicerun.Options{InvoiceDay: cfg.InvoiceDay},
	)

	if once {
		p := invoicerun.NextPeriod(time.Now())
		if period != "" {
			if p, err = invoicerun.ParsePeriod(period); err != nil {
				return err
			}
		}
		return runner.Run(ctx, p)
	}

	c := cron.New(
		cron.WithLocation(mustLoadLocation("Europe/London")),
		cron.WithChain(cron.SkipIfStillRunning(cron.DiscardLogger), cron.Recover(cron.DiscardLogger)),
	)
	if _, err := c.AddFunc(cfg.InvoiceSchedule, nightly(ctx, runner, log)); err != nil {
		return fmt.Errorf("schedule %q: %w", cfg.InvoiceSchedule, err)
	}
	c.Start()
	log.Info("invoice run scheduled", "schedule", cfg.InvoiceSchedule, "invoice_day", cfg.InvoiceDay)
	<-ctx.Done()
	<-c.Stop().Done()
	return nil
}

func nightly(ctx context.Context, runner *invoicerun.Runner, log *slog.Logger) func() {
	return func() {
		runCtx, cancel := context.WithTimeout(ctx, 2*time.Hour)
		defer cancel()
		if err := runner.Nightly(runCtx); err != nil {
			log.Error("invoice run failed; rerun with -once -period", "err", err)
		}
	}
}

func mustLoadLocation(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}
