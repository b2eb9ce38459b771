// Command worker runs the river job queue: monthly shop settlement,
// recycler reports and pickups, payout reconciliation and voucher expiry.
package main

import (
	"context"
	"os"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/pantloop/deposit/internal/bank"
	"github.com/pantloop/deposit/internal/bus"
	"github.com/pantloop/deposit/internal/config"
	"github.com/pantloop/deposit/internal/ewallet"
	"github.com/pantloop/deposit/internal/jobs"
	"github.com/pantloop/deposit/internal/materials"
	"github.com/pantloop/deposit/internal/payouts"
	"github.com/pantloop/deposit/internal/platform"
	"github.com/pantloop/deposit/internal/recycler"
	"github.com/pantloop/deposit/internal/settlement"
	"github.com/pantloop/deposit/internal/vouchers"
)

func main() {
	log := config.Logger("worker")
	ctx, stop := platform.SignalContext()
	defer stop()

	common := config.LoadCommon()
	pool, err := platform.OpenPool(ctx, common.DatabaseURL, int32(config.Int("DB_MAX_CONNS", 15)))
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer pool.Close()

	nc, js, err := platform.ConnectJetStream(common.NatsURL, common.NatsCreds, "deposit-worker", log)
	if err != nil {
		log.Error("nats", "err", err)
		os.Exit(1)
	}
	defer nc.Drain()
	pub := bus.NewPublisher(js)

	ew := ewallet.New(
		ewallet.WithBaseURL(config.String("EWALLET_URL", "https://api.walletpartner.example/v1")),
		ewallet.WithAPIKey(config.MustString("EWALLET_API_KEY")),
		ewallet.WithMerchant(config.MustString("EWALLET_MERCHANT_ID")),
	)
	bk := bank.NewClient(bank.Config{
		BaseURL:      config.MustString("BANK_URL"),
		ClientID:     config.MustString("BANK_CLIENT_ID"),
		ClientSecret: config.MustString("BANK_CLIENT_SECRET"),
		DebtorIBAN:   config.MustString("BANK_DEBTOR_IBAN"),
		DebtorName:   config.String("BANK_DEBTOR_NAME", "Pantloop Deposit Scheme"),
	})
	portal := recycler.NewClient(config.MustString("RECYCLER_URL"), config.MustString("RECYCLER_API_KEY"))

	workers := jobs.Workers(jobs.Deps{
		Settlement: settlement.NewService(pool, pub, bk, log),
		Materials:  materials.NewService(pool, portal, log),
		Payouts:    payouts.NewService(pool, pub, log, payouts.EwalletRail{Client: ew}, payouts.BankRail{Client: bk}),
		Vouchers:   vouchers.NewService(pool, log),
		Log:        log,
		Now:        time.Now,
	})

	client, err := river.NewClient(riverpgxv5.New(pool), &river.Config{
		Queues:       jobs.Queues(),
		Workers:      workers,
		PeriodicJobs: jobs.Periodic(),
		Logger:       log,
		MaxAttempts:  config.Int("JOB_MAX_ATTEMPTS", 10),
	})
	if err != nil {
		log.Error("river client", "err", err)
		os.Exit(1)
	}
	if err := client.Start(ctx); err != nil {
		log.Error("river start", "err", err)
		os.Exit(1)
	}
	log.Info("worker started")

	<-ctx.Done()
	stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	if err := client.Stop(stopCtx); err != nil {
		log.Warn("river stop", "err", err)
	}
}
