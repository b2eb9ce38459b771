// Command payout-cron runs weekly (Monday 06:00 UTC) from the cluster
// scheduler. It groups unpaid host earnings from the previous week into
// one payout per host and queues them for the worker. Operators re-run it
// by hand when a run fails.
package main

import (
	"context"
	"flag"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/hearthkit/commissary/internal/app"
	"github.com/hearthkit/commissary/internal/config"
	"github.com/hearthkit/commissary/internal/service"
)

func main() {
	endFlag := flag.String("period-end", "", "exclusive end of the payout period (YYYY-MM-DD, a Monday); defaults to this week's Monday")
	flag.Parse()

	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	end, err := periodEnd(*endFlag, time.Now().UTC())
	if err != nil {
		log.Fatalf("period-end: %v", err)
	}
	start := end.AddDate(0, 0, -7)

	logger := app.ProvideLogger()
	db, closeDB, err := app.ProvideDB(ctx, cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer closeDB()
	asynqClient, closeQueue := app.ProvideAsynqClient(app.ProvideRedisOpt(cfg))
	defer closeQueue()
	recorder, err := app.ProvideRecorder(app.ProvideRegistry())
	if err != nil {
		log.Fatal(err)
	}

	store := app.ProvideStore(db)
	payouts := service.NewInstrumented(service.Services{
		Payouts: service.NewPayoutService(store, app.ProvidePayments(cfg), app.ProvideEnqueuer(asynqClient)),
	}, recorder).Payouts

	n, err := payouts.SchedulePeriod(ctx, start, end)
	if err != nil {
		logger.Error("payout scheduling failed", "period_start", start, "period_end", end, "scheduled", n, "err", err)
		os.Exit(1)
	}
	logger.Info("payouts scheduled", "period_start", start, "period_end", end, "count", n)
}

func periodEnd(flagVal string, now time.Time) (time.Time, error) {
	if flagVal != "" {
		t, err := time.Parse(time.DateOnly, flagVal)
		if err != nil {
			return time.Time{}, err
		}
		return t, nil
	}
	day := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	offset := (int(day.Weekday()) + 6) % 7 // days since Monday
	return day.AddDate(0, 0, -offset), nil
}
