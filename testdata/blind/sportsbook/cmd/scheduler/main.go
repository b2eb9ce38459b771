// Command scheduler runs the periodic maintenance jobs: bonus expiry,
// responsible-gambling limit increases and deposit reconciliation.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/kickoffbet/sportsbook/internal/config"
	"github.com/kickoffbet/sportsbook/internal/db"
	"github.com/kickoffbet/sportsbook/internal/idem"
	"github.com/kickoffbet/sportsbook/internal/ids"
	"github.com/kickoffbet/sportsbook/internal/jobs"
	"github.com/kickoffbet/sportsbook/internal/limits"
	"github.com/kickoffbet/sportsbook/internal/outbox"
	"github.com/kickoffbet/sportsbook/internal/payments"
	"github.com/kickoffbet/sportsbook/internal/promo"
	"github.com/kickoffbet/sportsbook/internal/providers/psp"
	"github.com/kickoffbet/sportsbook/internal/telemetry"
	"github.com/kickoffbet/sportsbook/internal/wallet"
)

func main() {
	log := config.Logger("scheduler")
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, config.Database())
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	metrics := telemetry.NewMetrics(prometheus.DefaultRegisterer, "sportsbook")
	txr := db.NewTxRunner(conn)
	ob := outbox.NewWriter()
	walletStore := wallet.NewStore()
	walletSvc := wallet.WithTracing(wallet.WithMetrics(wallet.NewService(conn, txr, walletStore), metrics))
	lim := limits.NewService(conn, txr, ob)
	promoSvc := promo.NewService(conn, txr, walletStore, walletSvc, ob, idem.NewProcessed("scheduler"), log)
	paymentsSvc := payments.Observe(payments.NewService(payments.Deps{
		DB:     conn,
		Tx:     txr,
		PSP:    psp.New(psp.Config{BaseURL: config.Must("PSP_BASE_URL"), APIKey: config.Must("PSP_API_KEY")}),
		Wallet: walletStore,
		Limits: lim,
		Outbox: ob,
		IDs:    ids.UUID,
		Log:    log.With("component", "payments"),
	}), metrics)

	sched := &jobs.Scheduler{DB: conn, Log: log}
	sched.Add(jobs.Job{
		Name:  "bonus-expiry",
		Every: config.Duration("BONUS_EXPIRY_INTERVAL", 15*time.Minute),
		Run: func(ctx context.Context) error {
			n, err := promoSvc.ExpireDue(ctx, 500)
			if n > 0 {
				log.Info("bonuses expired", "count", n)
			}
			return err
		},
	})
	sched.Add(jobs.Job{
		Name:  "rg-limit-increases",
		Every: config.Duration("LIMITS_INTERVAL", 5*time.Minute),
		Run: func(ctx context.Context) error {
			n, err := lim.ApplyPending(ctx)
			if n > 0 {
				log.Info("limit increases applied", "count", n)
			}
			return err
		},
	})
	sched.Add(jobs.Job{
		Name:    "deposit-reconcile",
		Every:   config.Duration("RECONCILE_INTERVAL", 2*time.Minute),
		Timeout: 10 * time.Minute,
		Run: func(ctx context.Context) error {
			n, err := paymentsSvc.Reconcile(ctx, 900, 200)
			if n > 0 {
				log.Info("deposits reconciled", "count", n)
			}
			return err
		},
	})
	log.Info("scheduler started")
	sched.Run(ctx)
}
