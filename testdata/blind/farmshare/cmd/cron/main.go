// Command cron runs the scheduled jobs: box generation, weekly billing,
// payment retries, farmer payouts, route planning and the newsletter.
//
//	cron               run the scheduler
//	cron run <job>     run one job now and exit
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/robfig/cron/v3"

	"github.com/harvestloop/farmshare/internal/billing"
	"github.com/harvestloop/farmshare/internal/boxes"
	"github.com/harvestloop/farmshare/internal/notifications"
	"github.com/harvestloop/farmshare/internal/payouts"
	"github.com/harvestloop/farmshare/internal/platform/config"
	"github.com/harvestloop/farmshare/internal/platform/database"
	"github.com/harvestloop/farmshare/internal/platform/outbox"
	"github.com/harvestloop/farmshare/internal/providers/bankxfer"
	"github.com/harvestloop/farmshare/internal/providers/cardpay"
	"github.com/harvestloop/farmshare/internal/providers/mailer"
	"github.com/harvestloop/farmshare/internal/routes"
)

type job struct {
	name string
	spec string
	run  func(ctx context.Context) error
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log, os.Args[1:]); err != nil {
		log.Error("cron exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, args []string) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	loc, err := time.LoadLocation(cfg.Timezone)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()

	now := time.Now
	tx := database.NewTransactor(db)
	ev := outbox.Writer{}

	cardpayClient := cardpay.New(cfg.CardpayBaseURL, cfg.CardpayAPIKey)
	bankClient := bankxfer.New(cfg.BankBaseURL, cfg.BankAPIKey, cfg.BankAccountID)
	mailClient := mailer.New(cfg.MailerBaseURL, cfg.MailerAPIKey, cfg.MailerFrom)

	boxGen := boxes.NewGenerator(db, tx, boxes.NewStore(), log, now)
	billingSvc := billing.NewService(db, tx, billing.NewStore(), cardpayClient, ev, log, billing.WithBatchSize(250))
	payoutSvc := payouts.NewService(db, tx, payouts.NewStore(), bankClient, ev, log, now)
	planner := routes.NewPlanner(db, tx, routes.NewStore(), ev, log, now)
	newsletter := notifications.NewNewsletter(db, mailClient, log, now)

	jobs := []job{
		{name: "generate-boxes", spec: "0 2 * * THU", run: boxGen.GenerateNextWeek},
		{name: "charge-weekly", spec: "0 6 * * SAT", run: billingSvc.ChargeUpcomingWeek},
		{name: "retry-failed-payments", spec: "30 9,17 * * *", run: billingSvc.RetryFailedPayments},
		{name: "run-payouts", spec: "0 7 * * MON", run: payoutSvc.RunScheduled},
		{name: "plan-routes", spec: "0 23 * * SUN", run: func(ctx context.Context) error {
			if err := boxGen.LockCurrentWeek(ctx); err != nil {
				return err
			}
			return planner.PlanNextWeek(ctx)
		}},
		{name: "newsletter", spec: "*/15 * * * *", run: newsletter.SendDue},
	}

	if len(args) == 2 && args[0] == "run" {
		for _, j := range jobs {
			if j.name == args[1] {
				return j.run(ctx)
			}
		}
		return fmt.Errorf("unknown job %q", args[1])
	}

	c := cron.New(cron.WithLocation(loc), cron.WithChain(cron.Recover(cron.DefaultLogger), cron.SkipIfStillRunning(cron.DefaultLogger)))
	for _, j := range jobs {
		j := j
		if _, err := c.AddFunc(j.spec, func() {
			start := time.Now()
			if err := j.run(ctx); err != nil {
				log.Error("job failed", "job", j.name, "err", err)
				return
			}
			log.Info("job finished", "job", j.name, "took", time.Since(start).String())
		}); err != nil {
			return fmt.Errorf("schedule %s: %w", j.name, err)
		}
	}
	c.Start()
	log.Info("cron started", "jobs", len(jobs))
	<-ctx.Done()
	<-c.Stop().Done()
	return nil
}
