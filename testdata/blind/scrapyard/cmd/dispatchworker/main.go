// Command dispatchworker consumes the dispatch queue: mill contract
// acknowledgements, truck tenders, mill settlements and cancellations.
package main

import (
	"log/slog"
	"os"

	"github.com/ironbridge-metals/yardops/internal/app"
	"github.com/ironbridge-metals/yardops/internal/config"
	"github.com/ironbridge-metals/yardops/internal/provider/haulnet"
	"github.com/ironbridge-metals/yardops/internal/provider/millgate"
	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/service"
	"github.com/ironbridge-metals/yardops/internal/store"
	"github.com/ironbridge-metals/yardops/internal/worker"
)

func main() {
	logger := app.Logger("dispatchworker")
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

	st := store.NewSQLStore(db)
	contracts := service.NewContractService(st,
		millgate.New(cfg.MillGateURL, cfg.MillGateKey),
		os.Getenv("MILLGATE_SUPPLIER_CODE"),
		logger)
	dispatch := service.NewDispatchService(st, haulnet.New(cfg.HaulNetURL, cfg.HaulNetKey), logger)

	consumer := queue.NewConsumer(sqsClient, cfg.DispatchQueueURL,
		worker.DispatchRoutes(contracts, dispatch, logger),
		queue.WithWorkers(cfg.Workers),
		queue.WithVisibilityTimeout(cfg.VisibilityTimeout),
		queue.WithLogger(logger),
	)
	logger.Info("consuming", "queue", cfg.DispatchQueueURL, "workers", cfg.Workers)
	return consumer.Run(ctx)
}
