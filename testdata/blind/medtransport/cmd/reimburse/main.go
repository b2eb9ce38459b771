// Command reimburse pays volunteer drivers' mileage for the previous week.
// The scheduler runs it every Monday at 06:00 and reruns it on a non-zero
// exit.
package main

import (
	"context"
	"flag"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/uptrace/bun"

	"github.com/carelift-health/nemt/internal/app"
	"github.com/carelift-health/nemt/internal/service/reimburse"
)

func main() {
	weekOf := flag.String("week", "", "Monday of the week to pay (YYYY-MM-DD); defaults to last week")
	flag.Parse()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	start, err := periodStart(*weekOf, time.Now().UTC())
	if err != nil {
		slog.Error("bad -week", "err", err)
		os.Exit(2)
	}
	end := start.AddDate(0, 0, 7)

	c, err := app.NewContainer()
	if err != nil {
		slog.Error("container", "err", err)
		os.Exit(1)
	}
	err = c.Invoke(func(db *bun.DB, runner *reimburse.Runner, log *slog.Logger) error {
		defer db.Close()
		sum, err := runner.Run(ctx, start, end)
		log.Info("reimbursement run finished",
			"batch", sum.BatchID, "run", sum.Run, "paid", sum.Paid, "failed", sum.Failed, "paid_cents", sum.PaidCents)
		return err
	})
	if err != nil {
		slog.Error("reimbursement run failed", "err", err)
		os.Exit(1)
	}
}

// periodStart returns the Monday that starts the week to pay.
func periodStart(arg string, now time.Time) (time.Time, error) {
	if arg != "" {
		return time.Parse(time.DateOnly, arg)
	}
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	offset := (int(today.Weekday()) + 6) % 7 // days since Monday
	return today.AddDate(0, 0, -offset-7), nil
}
