// Command scheduler is run by a Kubernetes CronJob. It enqueues commission
// payouts for the period that just closed and re-enqueues underwriting for
// applications that have sat in "submitted" too long.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"

	"github.com/refundbridge/advance/internal/config"
	"github.com/refundbridge/advance/internal/platform/db"
	"github.com/refundbridge/advance/internal/repository/pg"
	"github.com/refundbridge/advance/internal/services/commission"
	"github.com/refundbridge/advance/internal/tasks"
)

type container struct {
	store       *pg.Store
	queue       *tasks.Enqueuer
	client      *asynq.Client
	commissions *commission.Service
}

func newContainer(cfg config.Config, log *slog.Logger) (*container, error) {
	gdb, err := db.Open(cfg.DatabaseURL, db.Options{MaxOpenConns: 2})
	if err != nil {
		return nil, err
	}
	store := pg.NewStore(gdb)
	client := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword})
	return &container{
		store:  store,
		client: client,
		queue:  tasks.NewEnqueuer(client, 7*24*time.Hour),
		commissions: &commission.Service{
			Accruals: store.Accruals,
			Log:      log,
		},
	}, nil
}

// periodFor returns the payout period that ended at the most recent period
// boundary. Periods are periodDays long and aligned to Monday 00:00 UTC.
func periodFor(now time.Time, periodDays int) (start, end time.Time) {
	day := now.UTC().Truncate(24 * time.Hour)
	offset := (int(day.Weekday()) + 6) % 7
	end = day.AddDate(0, 0, -offset)
	start = end.AddDate(0, 0, -periodDays)
	return start, end
}

func main() {
	job := flag.String("job", "payouts", "job to run: payouts | stale-underwriting")
	flag.Parse()

	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	cfg, err := config.Load()
	if err != nil {
		log.Error("load config", "err", err)
		os.Exit(1)
	}
	c, err := newContainer(cfg, log)
	if err != nil {
		log.Error("wire dependencies", "err", err)
		os.Exit(1)
	}
	defer c.client.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()

	switch *job {
	case "payouts":
		err = enqueuePayouts(ctx, c, cfg, log)
	case "stale-underwriting":
		err = requeueStale(ctx, c, log)
	default:
		log.Error("unknown job", "job", *job)
		os.Exit(2)
	}
	if err != nil {
		log.Error("job failed", "job", *job, "err", err)
		os.Exit(1)
	}
}

func enqueuePayouts(ctx context.Context, c *container, cfg config.Config, log *slog.Logger) error {
	start, end := periodFor(time.Now(), cfg.PayoutPeriodDays)
	partners, err := c.commissions.PartnersWithUnpaid(ctx, end)
	if err != nil {
		return err
	}
	for _, id := range partners {
		if err := c.queue.CommissionPayout(ctx, id, start, end); err != nil {
			return err
		}
	}
	log.Info("payouts enqueued", "partners", len(partners), "period_start", start, "period_end", end)
	return nil
}

func requeueStale(ctx context.Context, c *container, log *slog.Logger) error {
	ids, err := c.store.Applications.StaleSubmitted(ctx, time.Now().Add(-15*time.Minute), 500)
	if err != nil {
		return err
	}
	for _, id := range ids {
		if err := c.queue.Underwrite(ctx, id); err != nil {
			return err
		}
	}
	log.Info("stale applications re-enqueued", "count", len(ids))
	return nil
}
