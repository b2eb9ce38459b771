// Command accrual is the nightly job: it accrues one day of interest on every
// open loan and queues reminders and forfeitures. It runs as a Kubernetes
// CronJob at 01:30 branch time for the previous business date; -date reruns
// a specific day.
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

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverdatabasesql"

	"github.com/ironvault/pawnline/internal/config"
	"github.com/ironvault/pawnline/internal/jobs"
	"github.com/ironvault/pawnline/internal/postgres"
	"github.com/ironvault/pawnline/internal/service"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(log)
	date := flag.String("date", "", "business date to accrue (YYYY-MM-DD); default yesterday in BUSINESS_TIMEZONE")
	flag.Parse()
	if err := run(log, *date); err != nil {
		log.Error("accrual failed", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger, dateFlag string) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	day, err := businessDate(dateFlag, cfg.Timezone)
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := postgres.Open(ctx, cfg.DatabaseURL, postgres.Options{MaxOpenConns: 4})
	if err != nil {
		return err
	}
	defer db.Close()

	riverClient, err := river.NewClient(riverdatabasesql.New(db.DB), &river.Config{Logger: log})
	if err != nil {
		return err
	}

	svc := service.NewAccrualService(
		postgres.NewTransactor(db),
		postgres.NewLoanRepo(db),
		postgres.NewAccrualRepo(db),
		jobs.NewQueue(riverClient),
		log,
		time.Now,
		cfg.ReminderDays,
	)
	start := time.Now()
	summary, err := svc.Run(ctx, day)
	log.Info("accrual run",
		"business_date", summary.BusinessDate.Format(time.DateOnly),
		"loans", summary.Loans,
		"accrued", summary.Accrued.String(),
		"reminders", summary.Reminders,
		"forfeitures", summary.Forfeitures,
		"failed", summary.Failed,
		"duration", time.Since(start).String(),
	)
	return err
}

func businessDate(flagValue, tz string) (time.Time, error) {
	if flagValue != "" {
		d, err := time.Parse(time.DateOnly, flagValue)
		if err != nil {
			return time.Time{}, fmt.Errorf("bad -date: %w", err)
		}
		return d, nil
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return time.Time{}, fmt.Errorf("load timezone %q: %w", tz, err)
	}
	y, m, d := time.Now().In(loc).AddDate(0, 0, -1).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), nil
}
