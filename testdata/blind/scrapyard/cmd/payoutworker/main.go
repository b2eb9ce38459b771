// Command payoutworker consumes the payouts queue: ACH origination, cash
// vouchers, settlement bookkeeping and SMS receipts.
package main

import (
	"log/slog"
	"os"
	"time"

	"github.com/ironbridge-metals/yardops/internal/app"
	"github.com/ironbridge-metals/yardops/internal/config"
	"github.com/ironbridge-metals/yardops/internal/provider/achpay"
	"github.com/ironbridge-metals/yardops/internal/provider/cashkiosk"
	"github.com/ironbridge-metals/yardops/internal/provider/httpjson"
	"github.com/ironbridge-metals/yardops/internal/provider/textline"
	"github.com/ironbridge-metals/yardops/internal/queue"
	"github.com/ironbridge-metals/yardops/internal/service"
	"github.com/ironbridge-metals/yardops/internal/store"
	"github.com/ironbridge-metals/yardops/internal/worker"
)

func main() {
	logger := app.Logger("payoutworker")
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
	payouts := service.NewPayoutService(service.PayoutDeps{
		Store:         st,
		Publisher:     queue.NewPublisher(sqsClient, app.QueueMap(cfg)),
		ACH:           achpay.New(cfg.LedgerlineURL, cfg.LedgerlineKey),
		Kiosk:         cashkiosk.New(cfg.CashPointURL, cfg.CashPointToken, httpjson.WithTimeout(20*time.Second)),
		SMS:           textline.New(cfg.TextlineURL, cfg.TextlineToken, cfg.TextlineFrom),
		Logger:        logger,
		OriginAccount: cfg.OriginAccountID,
	})

	consumer := queue.NewConsumer(sqsClient, cfg.PayoutsQueueURL,
		worker.PayoutRoutes(payouts, logger),
		queue.WithWorkers(cfg.Workers),
		queue.WithVisibilityTimeout(cfg.VisibilityTimeout),
		queue.WithLogger(logger),
	)
	logger.Info("consuming", "queue", cfg.PayoutsQueueURL, "workers", cfg.Workers)
	return consumer.Run(ctx)
}
