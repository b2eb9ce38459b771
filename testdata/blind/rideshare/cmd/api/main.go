// Command api serves the rider, driver, support and webhook HTTP endpoints.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/wayfare/ridepay/internal/accounts"
	"github.com/wayfare/ridepay/internal/api"
	"github.com/wayfare/ridepay/internal/app"
	"github.com/wayfare/ridepay/internal/config"
	"github.com/wayfare/ridepay/internal/disputes"
	"github.com/wayfare/ridepay/internal/ledger"
	"github.com/wayfare/ridepay/internal/payouts"
	"github.com/wayfare/ridepay/internal/refunds"
	"github.com/wayfare/ridepay/internal/tips"
	"github.com/wayfare/ridepay/internal/wallet"
)

func main() {
	log := app.Logger("ridepay-api")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	sqldb := app.MustDB(ctx, cfg, log)
	defer sqldb.Close()

	repos := app.NewRepos(sqldb)
	clients := app.NewClients(cfg, log)
	notifier := app.NewNotifier(repos, clients, log)

	tipSvc := tips.NewService(sqldb, repos.Fares, repos.Drivers, repos.Idempotency, clients.Payments, log)
	refundSvc := refunds.NewService(sqldb, repos.Fares, clients.Payments, log)
	adjuster := ledger.NewAdjuster(sqldb, log, cfg.MaxAdjustmentCents)
	accountSvc := accounts.NewService(repos.Drivers, log)
	walletSvc := wallet.NewService(sqldb, repos.Drivers, repos.Idempotency, clients.Payments, log)
	disputeSvc := disputes.NewService(sqldb, notifier, ledger.DefaultCommission, log)
	payoutSvc := payouts.NewService(sqldb, repos.Drivers, repos.Payouts, repos.Idempotency, repos.WebhookEvents,
		clients.Payouts, payouts.Config{
			CashoutFeeCents:     cfg.CashoutFeeCents,
			CashoutMinimumCents: cfg.CashoutMinimumCents,
		}, log)

	router := api.NewRouter(api.Deps{
		Tips:             tipSvc,
		Refunds:          refundSvc,
		Adjuster:         adjuster,
		Cashouts:         payoutSvc,
		Accounts:         accountSvc,
		Wallet:           walletSvc,
		Disputes:         disputeSvc,
		Payouts:          payoutSvc,
		AcquirerHMACKey:  cfg.AcquirerHMACKey,
		PayoutsSecret:    cfg.PayoutsSecret,
		DisputesToken:    cfg.DisputesToken,
		InternalAPIToken: cfg.InternalAPIToken,
		Log:              log,
	})

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
	go func() {
		log.Info("listening", "addr", cfg.HTTPAddr)
		if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			log.Error("http server", "err", err)
			stop()
		}
	}()
	<-ctx.Done()

	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := srv.Shutdown(shutdownCtx); err != nil {
		log.Error("shutdown", "err", err)
	}
}
