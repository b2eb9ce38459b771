// Command notary-payouts pays notaries their earnings for the previous
// month. It runs as a Kubernetes CronJob on the 2nd of each month with
// backoffLimit 4, so a failed run is started again from the top.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq"

	"github.com/sealpoint-labs/notary/internal/config"
	"github.com/sealpoint-labs/notary/internal/dbx"
	"github.com/sealpoint-labs/notary/internal/payments"
	"github.com/sealpoint-labs/notary/internal/payouts"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("job", "notary-payouts")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	db, err := sqlx.Connect("postgres", cfg.DatabaseURL)
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer db.Close()

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	job := &payouts.Job{
		Repo: payouts.NewRepository(db, dbx.NewTxRunner(db)),
		Pay:  payments.NewClient(payments.Config{BaseURL: cfg.Payments.BaseURL, APIKey: cfg.Payments.APIKey}),
		Log:  log,
	}
	if err := job.Run(ctx, time.Now().UTC()); err != nil {
		log.Error("payout run failed", "err", err)
		stop()
		os.Exit(1)
	}
}
