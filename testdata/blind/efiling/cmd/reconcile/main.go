// Command reconcile is the nightly fee reconciliation. It runs as a
// Kubernetes CronJob at 02:30 court time (backoffLimit 3), and operators
// rerun it for a given day with -date after a failure.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/docketly/efile/internal/config"
	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/store"
	"github.com/docketly/efile/internal/wiring"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "reconcile:", err)
		os.Exit(1)
	}
}

func run() error {
	dateFlag := flag.String("date", "", "ledger date to reconcile (YYYY-MM-DD); defaults to yesterday")
	tzFlag := flag.String("tz", "America/Chicago", "court time zone for the default date")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	day, err := ledgerDay(*dateFlag, *tzFlag)
	if err != nil {
		return err
	}
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	log := wiring.Logger().With("job", "reconcile", "date", day.Format(time.DateOnly))

	pool, closePool, err := wiring.Pool(ctx, cfg)
	if err != nil {
		return err
	}
	defer closePool()
	riverClient, err := wiring.InsertOnlyRiver(pool)
	if err != nil {
		return err
	}

	r := service.NewReconciler(store.New(pool), wiring.Gateway(cfg), wiring.Fees(cfg), riverClient, log)
	sum, err := r.Run(ctx, day)
	log.Info("reconciliation finished",
		"lines", sum.Lines, "matched", sum.Matched, "adjustments", sum.Adjustments,
		"refunds", sum.Refunds, "unmatched", sum.Unmatched, "ok", err == nil)
	return err
}

func ledgerDay(s, tz string) (time.Time, error) {
	if s != "" {
		return time.Parse(time.DateOnly, s)
	}
	loc, err := time.LoadLocation(tz)
	if err != nil {
		return time.Time{}, err
	}
	now := time.Now().In(loc)
	y, m, d := now.AddDate(0, 0, -1).Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC), nil
}
