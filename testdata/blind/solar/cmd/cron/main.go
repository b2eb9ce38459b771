// Command cron runs scheduled jobs: `cron expire-quotes` and
// `cron installer-payouts [period]`.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/sunrail/installs/internal/clients/payments"
	"github.com/sunrail/installs/internal/payouts"
	"github.com/sunrail/installs/internal/platform/config"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/quotes"
)

type job func(ctx context.Context, cfg config.Config, db database.DBTX, tx database.TxManager, args []string) error

var jobs = map[string]job{
	"expire-quotes":     expireQuotes,
	"installer-payouts": installerPayouts,
}

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	if len(os.Args) < 2 {
		fmt.Fprintln(os.Stderr, "usage: cron <job> [args]")
		os.Exit(2)
	}
	j, ok := jobs[os.Args[1]]
	if !ok {
		fmt.Fprintf(os.Stderr, "unknown job %q\n", os.Args[1])
		os.Exit(2)
	}
	cfg := config.Load()
	db, err := database.Open(database.Config{DSN: cfg.DSN, MaxOpenConns: 4})
	if err != nil {
		slog.Error("open db", "err", err)
		os.Exit(1)
	}
	defer db.Close()

	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	if err := j(ctx, cfg, db, database.NewTxManager(db), os.Args[2:]); err != nil {
		slog.Error("job failed", "job", os.Args[1], "err", err)
		os.Exit(1)
	}
}

func expireQuotes(ctx context.Context, _ config.Config, db database.DBTX, tx database.TxManager, _ []string) error {
	svc := quotes.NewService(quotes.NewRepository(db, tx))
	n, err := svc.ExpireStale(ctx)
	if err != nil {
		return err
	}
	slog.Info("quotes expired", "count", n)
	return nil
}

func installerPayouts(ctx context.Context, cfg config.Config, db database.DBTX, tx database.TxManager, args []string) error {
	period := cfg.PayoutPeriod
	if len(args) > 0 {
		period = args[0]
	}
	if period == "" {
		// Pay out the week that just ended.
		period = payouts.Period(time.Now().AddDate(0, 0, -7))
	}
	svc := payouts.NewService(
		payouts.NewRepository(db, tx),
		payouts.NewBalanceLedger(db, tx),
		payments.NewGateway(cfg.StripeKey, cfg.StripeWebhookSecret),
		tx,
	)
	paid, err := svc.RunPeriod(ctx, period)
	if err != nil {
		return err
	}
	slog.Info("installer payouts complete", "period", period, "paid", paid)
	return nil
}
