// Command cron runs the scheduled jobs. `cron run <job>` runs one job once.
package main

import (
	"context"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"
	temporallog "go.temporal.io/sdk/log"

	"github.com/wayfare/ridepay/internal/app"
	"github.com/wayfare/ridepay/internal/config"
	"github.com/wayfare/ridepay/internal/earnings"
	"github.com/wayfare/ridepay/internal/events"
	"github.com/wayfare/ridepay/internal/fares"
	"github.com/wayfare/ridepay/internal/jobs"
	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/payouts"
)

func main() {
	log := app.Logger("ridepay-cron")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	sqldb := app.MustDB(ctx, cfg, log)
	defer sqldb.Close()

	nc, err := nats.Connect(cfg.NATSURL, nats.Name("ridepay-cron"))
	if err != nil {
		log.Error("nats connect", "err", err)
		os.Exit(1)
	}
	defer nc.Drain()
	js, err := jetstream.New(nc)
	if err != nil {
		log.Error("jetstream", "err", err)
		os.Exit(1)
	}
	tc, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHost,
		Namespace: cfg.TemporalNS,
		Logger:    temporallog.NewStructuredLogger(log),
	})
	if err != nil {
		log.Error("temporal dial", "err", err)
		os.Exit(1)
	}
	defer tc.Close()

	repos := app.NewRepos(sqldb)
	clients := app.NewClients(cfg, log)
	notifier := app.NewNotifier(repos, clients, log)
	pub := events.NewPublisher(js)

	fareSvc := fares.NewService(sqldb, repos.Fares, repos.Drivers, clients.Payments, pub, fares.Config{
		Commission:         ledger.DefaultCommission,
		MaxCaptureAttempts: 5,
	}, log)
	earningsSvc := earnings.NewService(sqldb, repos.Notifications, notifier, pub, log)
	payoutSvc := payouts.NewService(sqldb, repos.Drivers, repos.Payouts, repos.Idempotency, repos.WebhookEvents,
		clients.Payouts, payouts.Config{CashoutFeeCents: cfg.CashoutFeeCents, CashoutMinimumCents: cfg.CashoutMinimumCents}, log)

	entries := []jobs.Entry{
		{Spec: "15 * * * *", Job: &jobs.RetryCaptures{Fares: fareSvc, Limit: 500, Log: log}},
		{Spec: "0 9 * * MON", Job: &jobs.WeeklySummaries{Earnings: earningsSvc, Now: time.Now, Log: log}},
		{Spec: "*/30 * * * *", Job: &jobs.ReconcilePayouts{Payouts: payoutSvc, OlderThan: 2 * time.Hour, Limit: 200, Log: log}},
		{Spec: "0 6 1 * *", Job: &jobs.MonthlyStatements{Earnings: earningsSvc, Now: time.Now, Log: log}},
		{Spec: "30 0 * * *", Job: &jobs.DailyClose{Earnings: earningsSvc, Now: time.Now, Log: log}},
		{Spec: "0 3 * * TUE", Job: &jobs.StartWeeklyPayout{Temporal: tc, Now: time.Now, Log: log}, Timeout: time.Minute},
	}

	sched := jobs.NewScheduler(log, 3, 30*time.Second)

	if len(os.Args) == 3 && os.Args[1] == "run" {
		for _, e := range entries {
			if e.Job.Name() == os.Args[2] {
				if err := sched.RunOnce(ctx, e.Job); err != nil {
					log.Error("job failed", "job", e.Job.Name(), "err", err)
					os.Exit(1)
				}
				return
			}
		}
		fmt.Fprintf(os.Stderr, "unknown job %q\n", os.Args[2])
		os.Exit(2)
	}

	if err := sched.Register(entries...); err != nil {
		log.Error("schedule", "err", err)
		os.Exit(1)
	}
	log.Info("scheduler started", "jobs", len(entries))
	sched.Start(ctx)
}
