//go:build !wireinject

package main

// Hand-maintained in the shape wire would generate; edit it directly.

import (
	"context"
	"log/slog"

	"github.com/terravault/carbonreg/internal/app"
	"github.com/terravault/carbonreg/internal/config"
	"github.com/terravault/carbonreg/internal/service"
	"github.com/terravault/carbonreg/internal/worker"
)

func initializeWorker(ctx context.Context, cfg *config.Config, log *slog.Logger) (*workerApp, func(), error) {
	handles, cleanupDB, err := app.Database(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	ledgerLedger := app.Ledger(handles)
	gateway := app.Gateway(cfg)
	registryClient, err := app.Registry(cfg)
	if err != nil {
		cleanupDB()
		return nil, nil, err
	}
	enqueuer, cleanupQueue := app.Enqueuer(cfg)
	renderer := app.Renderer(cfg)
	deliverer := app.Webhooks()
	js, cleanupNATS, err := app.JetStream(cfg, log)
	if err != nil {
		cleanupQueue()
		cleanupDB()
		return nil, nil, err
	}
	publisher := app.Publisher(js)
	repositories := app.NewRepositories(log)

	certificateService := service.NewCertificateService(repositories.Retirements, repositories.Batches,
		repositories.Projects, renderer, publisher, log)
	payoutService := service.NewPayoutService(repositories.Payouts, repositories.Developers, ledgerLedger, gateway, enqueuer, log)
	registrySync := service.NewRegistrySync(registryClient, repositories.Retirements, repositories.Transfers,
		repositories.Batches, repositories.Attempts, log)
	orderService := app.OrderService(repositories, ledgerLedger, gateway, enqueuer, cfg, log)
	webhookService := service.NewWebhookService(repositories.Endpoints, deliverer, repositories.Attempts, log)

	mux := worker.NewMux(worker.Services{
		Certificates: certificateService,
		Payouts:      payoutService,
		Registry:     registrySync,
		Orders:       orderService,
		Webhooks:     webhookService,
	}, log)
	srv := worker.NewServer(cfg.RedisAddr, cfg.WorkerConcurrency, log)

	return newWorkerApp(srv, mux, log), func() {
		cleanupNATS()
		cleanupQueue()
		cleanupDB()
	}, nil
}
