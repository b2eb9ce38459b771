package main

import (
	"log/slog"

	"github.com/gin-gonic/gin"

	"github.com/halyard/funding/internal/app"
	"github.com/halyard/funding/internal/config"
	"github.com/halyard/funding/internal/provider/cardproc"
	"github.com/halyard/funding/internal/provider/custody"
	"github.com/halyard/funding/internal/service/addresses"
	"github.com/halyard/funding/internal/service/deposits"
	"github.com/halyard/funding/internal/service/recon"
	"github.com/halyard/funding/internal/service/topups"
	"github.com/halyard/funding/internal/service/withdrawals"
	"github.com/halyard/funding/internal/store"
	"github.com/halyard/funding/internal/transport/httpapi"
)

type application struct {
	router *gin.Engine
	log    *slog.Logger
}

func newApplication(r *gin.Engine, log *slog.Logger) *application {
	return &application{router: r, log: log}
}

func provideTopups(st store.Store, p *cardproc.Client, cfg *config.Config, log *slog.Logger) *topups.Service {
	return topups.New(st, p, "https://app.halyard.exchange/funding/card/return", log)
}

func provideDeposits(st store.Store, cfg *config.Config, log *slog.Logger) *deposits.Service {
	return deposits.New(st, cfg.Confirmations, log)
}

func provideAddresses(st store.Store, c *custody.Client, cfg *config.Config) *addresses.Service {
	return addresses.New(st, c, cfg.Custody.VaultID)
}

func provideScheduler(q app.OpsQueue) *recon.Scheduler {
	return recon.NewScheduler(q)
}

func provideHandlers(
	wd *withdrawals.Service,
	tp *topups.Service,
	dep *deposits.Service,
	addr *addresses.Service,
	sched *recon.Scheduler,
	cfg *config.Config,
	log *slog.Logger,
) *httpapi.Handlers {
	return &httpapi.Handlers{
		Withdrawals: wd,
		Topups:      tp,
		Deposits:    dep,
		Addresses:   addr,
		Recon:       sched,
		Secrets: httpapi.WebhookSecrets{
			Bank:    cfg.Bank.WebhookSecret,
			Card:    cfg.Card.WebhookSecret,
			Custody: cfg.Custody.Webhook,
		},
		Log: log,
	}
}
