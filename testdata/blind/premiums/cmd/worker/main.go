// Command worker runs the river job workers: premium collection, payouts,
// refunds, notifications and clinic follow-ups.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/riverqueue/river"

	"github.com/pawsure/premiums/internal/app"
	"github.com/pawsure/premiums/internal/config"
	"github.com/pawsure/premiums/internal/jobs"
	"github.com/pawsure/premiums/internal/worker"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	c, err := app.New(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer c.Close()

	workers := worker.Register(worker.Services{
		Billing: c.Billing,
		Payouts: c.Payouts,
		Claims:  c.Claims,
		Notify:  c.Notify,
		Log:     log,
	})
	if err := c.InitRiver(&river.Config{
		Queues: map[string]river.QueueConfig{
			jobs.QueueDefault:       {MaxWorkers: cfg.WorkerConcurrency},
			jobs.QueuePayments:      {MaxWorkers: 10},
			jobs.QueueNotifications: {MaxWorkers: 20},
			jobs.QueuePartners:      {MaxWorkers: 5},
		},
		Workers:      workers,
		PeriodicJobs: []*river.PeriodicJob{worker.PremiumRunPeriodic()},
	}); err != nil {
		return err
	}
	if err := c.River.Start(ctx); err != nil {
		return err
	}
	log.Info("worker started")
	<-ctx.Done()

	stopCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	return c.River.Stop(stopCtx)
}
