// Command complianceworker consumes the compliance queue and keeps the
// per-ticket state reporting records current.
package main

import (
	"log/slog"
	"os"

	"github.com/ironbridge-metals/yardops/internal/app"
	"github.com/ironbridge-metals/yardops/internal/config"
	"github.com/ironbridge-metals/yardops/internal/provider/stateportal"
	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/service"
	"github.com/ironbridge-metals/yardops/internal/store"
	"github.com/ironbridge-metals/yardops/internal/worker"
)

func main() {
	logger := app.Logger("complianceworker")
	if err := run(logger); err != nil {
		logger.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	ctx, stop := app.SignalContext()
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	db, err := app.OpenDB(ctx, cfg)
	if err != nil {
		return err
	}
	defer db.Close()
	sqsClient, err := app.SQSClient(ctx, cfg)
	if err != nil {
		return err
	}

	compliance := service.NewComplianceService(store.NewSQLStore(db),
		stateportal.New(cfg.StatePortalURL, cfg.StatePortalKey), logger)

	consumer := queue.NewConsumer(sqsClient, cfg.ComplianceQueueURL,
		worker.ComplianceRoutes(compliance, logger),
		queue.WithWorkers(cfg.Workers),
		queue.WithVisibilityTimeout(cfg.VisibilityTimeout),
		queue.WithLogger(logger),
	)
	logger.Info("consuming", "queue", cfg.ComplianceQueueURL, "workers", cfg.Workers)
	return consumer.Run(ctx)
}
