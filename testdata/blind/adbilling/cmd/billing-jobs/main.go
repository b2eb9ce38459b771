// Command billing-jobs runs one scheduled billing job and exits.
//
//	billing-jobs -job daily-spend [-day 2024-05-31]
//	billing-jobs -job monthly-invoices [-period 2024-05]
//	billing-jobs -job publisher-payouts [-period 2024-05]
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"go.uber.org/dig"

	"github.com/brightlane/adbilling/internal/app"
	"github.com/brightlane/adbilling/internal/jobs"
	"github.com/brightlane/adbilling/internal/service"
)

func main() {
	name := flag.String("job", "", "job to run")
	dayFlag := flag.String("day", "", "day for daily jobs (YYYY-MM-DD, default yesterday UTC)")
	period := flag.String("period", "", "period for monthly jobs (YYYY-MM, default previous month)")
	flag.Parse()

	args := jobs.Args{Period: *period}
	if *dayFlag != "" {
		d, err := time.Parse(time.DateOnly, *dayFlag)
		if err != nil {
			slog.Error("bad -day", "err", err)
			os.Exit(2)
		}
		args.Day = d
	}

	c, err := app.New()
	if err != nil {
		slog.Error("build container", "err", err)
		os.Exit(1)
	}
	if err := c.Provide(registry); err != nil {
		slog.Error("register jobs", "err", err)
		os.Exit(1)
	}
	err = c.Invoke(func(reg jobs.Registry, pool *pgxpool.Pool, log *slog.Logger) error {
		defer pool.Close()
		ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
		defer stop()
		log.Info("job starting", "job", *name)
		return reg.Run(ctx, *name, args)
	})
	if err != nil {
		slog.Error("job failed", "job", *name, "err", dig.RootCause(err))
		os.Exit(1)
	}
}

func registry(spend *service.SpendService, inv *service.InvoiceService, po *service.PayoutService, log *slog.Logger) jobs.Registry {
	l := log.With("component", "jobs")
	return jobs.NewRegistry(
		jobs.NewDailySpendJob(spend, l),
		jobs.NewMonthlyInvoiceJob(inv, l),
		jobs.NewPayoutRunJob(po, l),
	)
}
