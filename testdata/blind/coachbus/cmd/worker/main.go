// Command worker runs the river workers: customer refunds, driver payouts
// and rebooking for cancelled trips.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/riverqueue/river"
	"github.com/stripe/stripe-go/v82"

	"github.com/northline/coachbus/internal/app"
	"github.com/northline/coachbus/internal/config"
	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/jobs"
	"github.com/northline/coachbus/internal/provider/bankpay"
	"github.com/northline/coachbus/internal/provider/stripepay"
)

func main() { os.Exit(app.Main(run)) }

type deps struct {
	cfg    config.Config
	store  *db.Store
	stripe *stripe.Client
	pay    *stripepay.Client
	bank   *bankpay.Client
	log    *slog.Logger
}

func run(ctx context.Context, c app.Container) error {
	var d deps
	err := c.Invoke(func(cfg config.Config, store *db.Store, sc *stripe.Client, sp *stripepay.Client, bank *bankpay.Client, log *slog.Logger) {
		d = deps{cfg: cfg, store: store, stripe: sc, pay: sp, bank: bank, log: log}
	})
	if err != nil {
		return err
	}
	defer d.store.Pool().Close()

	workers := river.NewWorkers()
	river.AddWorker(workers, jobs.NewRefundWorker(d.store, d.pay))
	river.AddWorker(workers, jobs.NewPayoutWorker(d.store, d.bank, d.log))
	river.AddWorker(workers, jobs.NewRebookWorker(d.store, d.stripe, d.cfg.RebookWindow, d.log))

	client, err := jobs.NewWorkerClient(d.store.Pool(), workers, d.log)
	if err != nil {
		return fmt.Errorf("river client: %w", err)
	}
	if err := client.Start(ctx); err != nil {
		return fmt.Errorf("start river: %w", err)
	}
	<-ctx.Done()
	stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return client.Stop(stopCtx)
}
