package main

import (
	"context"
	"errors"
	"log/slog"
	"time"

	"github.com/halyard/funding/internal/app"
	"github.com/halyard/funding/internal/config"
	"github.com/halyard/funding/internal/provider/bank"
	"github.com/halyard/funding/internal/service/fees"
	"github.com/halyard/funding/internal/service/recon"
	"github.com/halyard/funding/internal/store"
)

type cronJobs struct {
	scheduler *recon.Scheduler
	sweeper   *fees.Sweeper
	log       *slog.Logger
}

func newCronJobs(s *recon.Scheduler, sw *fees.Sweeper, log *slog.Logger) *cronJobs {
	return &cronJobs{scheduler: s, sweeper: sw, log: log}
}

func provideScheduler(q app.OpsQueue) *recon.Scheduler { return recon.NewScheduler(q) }

func provideSweeper(st store.Store, b *bank.Client, cfg *config.Config, log *slog.Logger) *fees.Sweeper {
	return fees.NewSweeper(st, b, fees.SweepConfig{
		OmnibusAccount: cfg.Bank.OmnibusAccount,
		RevenueAccount: cfg.Bank.RevenueAccount,
	}, log)
}

func (j *cronJobs) enqueueRecon(ctx context.Context, accounts []string, date string) error {
	day, err := time.Parse("2006-01-02", date)
	if err != nil {
		return err
	}
	var errs []error
	for _, acct := range accounts {
		msgID, err := j.scheduler.EnqueueDay(ctx, acct, day, "cron")
		if err != nil {
			errs = append(errs, err)
			continue
		}
		j.log.Info("reconciliation queued", "account", acct, "date", date, "message_id", msgID)
	}
	return errors.Join(errs...)
}

func (j *cronJobs) sweepFees(ctx context.Context, currencies []string) error {
	for _, cur := range currencies {
		sweep, err := j.sweeper.Sweep(ctx, cur)
		if err != nil {
			return err
		}
		if sweep == nil {
			j.log.Info("nothing to sweep", "currency", cur)
		}
	}
	return nil
}
