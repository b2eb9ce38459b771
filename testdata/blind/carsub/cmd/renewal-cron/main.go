// Command renewal-cron charges subscriptions whose paid period has ended.
// It runs once a day from the scheduler and exits.
package main

import (
	"context"
	"flag"
	"fmt"
	"log/slog"
	"os"
	"time"

	"go.uber.org/fx"

	"github.com/drivewise/carsub/internal/app"
	"github.com/drivewise/carsub/internal/config"
	"github.com/drivewise/carsub/internal/service"
)

func main() {
	asOfFlag := flag.String("as-of", "", "bill periods ending before this date (YYYY-MM-DD), default today")
	flag.Parse()

	var (
		billing *service.Billing
		cfg     *config.Config
		log     *slog.Logger
	)
	fxApp := fx.New(
		app.Core,
		app.Providers,
		fx.Provide(service.NewBilling),
		fx.Populate(&billing, &cfg, &log),
		fx.NopLogger,
	)

	startCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := fxApp.Start(startCtx); err != nil {
		fmt.Fprintln(os.Stderr, "start:", err)
		os.Exit(1)
	}
	defer func() {
		stopCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = fxApp.Stop(stopCtx)
	}()

	asOf := time.Now().UTC().Truncate(24 * time.Hour)
	if *asOfFlag != "" {
		t, err := time.Parse("2006-01-02", *asOfFlag)
		if err != nil {
			log.Error("bad -as-of", "err", err)
			return
		}
		asOf = t
	}

	ctx, stop := context.WithTimeout(context.Background(), 50*time.Minute)
	defer stop()
	report, err := billing.RenewDue(ctx, asOf, cfg.RenewalBatchSize)
	log.Info("renewal run finished",
		"as_of", asOf.Format("2006-01-02"),
		"charged", report.Charged,
		"declined", report.Declined,
		"skipped", report.Skipped,
		"failed", report.Failed,
	)
	if err != nil {
		log.Error("renewal run aborted", "err", err)
	}
}
