//go:build !wireinject

package main

// Hand-maintained in the shape wire would generate; edit it directly.

import (
	"context"
	"log/slog"

	"github.com/terravault/carbonreg/internal/app"
	"github.com/terravault/carbonreg/internal/config"
	"github.com/terravault/carbonreg/internal/consumer"
	"github.com/terravault/carbonreg/internal/events"
	"github.com/terravault/carbonreg/internal/service"
)

func initializeConsumer(ctx context.Context, cfg *config.Config, log *slog.Logger) (*consumerApp, func(), error) {
	handles, cleanupDB, err := app.Database(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	ledgerLedger := app.Ledger(handles)
	enqueuer, cleanupQueue := app.Enqueuer(cfg)
	sender := app.Mailer(cfg)
	js, cleanupNATS, err := app.JetStream(cfg, log)
	if err != nil {
		cleanupQueue()
		cleanupDB()
		return nil, nil, err
	}
	repositories := app.NewRepositories(log)

	projectService := service.NewProjectService(repositories.Projects, repositories.Developers, repositories.Accounts, log)
	batchService := service.NewBatchService(repositories.Projects, repositories.Accounts, repositories.Batches,
		repositories.Events, ledgerLedger, log)
	retirementService := service.NewRetirementService(repositories.Retirements, repositories.Accounts,
		repositories.Endpoints, ledgerLedger, sender, enqueuer, cfg.PublicBaseURL, log)
	transferService := service.NewTransferService(repositories.Transfers, repositories.Accounts, ledgerLedger, enqueuer, log)

	routes := consumer.Routes(consumer.Services{
		Projects:    projectService,
		Batches:     batchService,
		Retirements: retirementService,
		Transfers:   transferService,
	})
	runner := consumer.NewRunner(js, events.StreamRegistry, routes, log)

	return newConsumerApp(runner, log), func() {
		cleanupNATS()
		cleanupQueue()
		cleanupDB()
	}, nil
}
