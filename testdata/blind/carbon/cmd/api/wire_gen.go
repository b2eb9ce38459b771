//go:build !wireinject

package main

// Hand-maintained in the shape wire would generate; there is no wire.go and
// no codegen step, so edit this file when adding a provider.

import (
	"context"
	"log/slog"

	"github.com/terravault/carbonreg/internal/app"
	"github.com/terravault/carbonreg/internal/config"
	"github.com/terravault/carbonreg/internal/grpcapi"
	"github.com/terravault/carbonreg/internal/httpapi"
	"github.com/terravault/carbonreg/internal/service"
)

func initializeAPI(ctx context.Context, cfg *config.Config, log *slog.Logger) (*apiApp, func(), error) {
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
	sender := app.Mailer(cfg)
	repositories := app.NewRepositories(log)

	projectService := service.NewProjectService(repositories.Projects, repositories.Developers, repositories.Accounts, log)
	batchService := service.NewBatchService(repositories.Projects, repositories.Accounts, repositories.Batches,
		repositories.Events, ledgerLedger, log)
	orderService := app.OrderService(repositories, ledgerLedger, gateway, enqueuer, cfg, log)
	refundService := service.NewRefundService(repositories.Orders, repositories.Refunds, gateway, log)
	retirementService := service.NewRetirementService(repositories.Retirements, repositories.Accounts,
		repositories.Endpoints, ledgerLedger, sender, enqueuer, cfg.PublicBaseURL, log)
	transferService := service.NewTransferService(repositories.Transfers, repositories.Accounts, ledgerLedger, enqueuer, log)
	payoutService := service.NewPayoutService(repositories.Payouts, repositories.Developers, ledgerLedger, gateway, enqueuer, log)
	stripeEvents := service.NewStripeEvents(repositories.Events, orderService, payoutService, log)
	exportService := service.NewExportService(repositories.Exports, repositories.Batches, ledgerLedger, registryClient, log)

	engine := httpapi.NewRouter(httpapi.Services{
		Projects:    projectService,
		Batches:     batchService,
		Orders:      orderService,
		Refunds:     refundService,
		Retirements: retirementService,
		Transfers:   transferService,
		Payouts:     payoutService,
		Stripe:      stripeEvents,
	}, httpapi.WebhookSecrets{Platform: cfg.StripeWebhookKey, Connect: cfg.StripeConnectKey}, log)

	server := grpcapi.NewServer(transferService, exportService, log)
	grpcServer := grpcapi.NewGRPCServer(server, log)

	a := newAPIApp(cfg, engine, grpcServer, log)
	return a, func() {
		cleanupQueue()
		cleanupDB()
	}, nil
}
