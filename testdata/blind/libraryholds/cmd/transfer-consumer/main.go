// Command transfer-consumer works the inter-branch transfer FIFO queue.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/shelfwise-labs/branchline/internal/app"
	"github.com/shelfwise-labs/branchline/internal/config"
	"github.com/shelfwise-labs/branchline/internal/consumer"
	"github.com/shelfwise-labs/branchline/internal/platform/ids"
	"github.com/shelfwise-labs/branchline/internal/provider/transferq"
	"github.com/shelfwise-labs/branchline/internal/store"
)

func main() {
	log := app.ProvideLogger()
	cfg, err := config.FromEnv()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, closeDB, err := app.ProvideDB(ctx, cfg)
	if err != nil {
		log.Error("db", "err", err)
		os.Exit(1)
	}
	defer closeDB()
	st := store.New(db)

	awsCfg, err := app.ProvideAWSConfig(ctx, cfg)
	if err != nil {
		log.Error("aws config", "err", err)
		os.Exit(1)
	}
	sqsClient := app.ProvideSQS(awsCfg)
	tasksClient, closeTasks := app.ProvideAsynqClient(cfg)
	defer closeTasks()

	holdRepo := store.NewHoldRepository(db)
	patronRepo := store.NewPatronRepository(db)
	transferSvc := app.ProvideTransferService(st,
		store.NewTransferRepository(db),
		holdRepo,
		store.NewItemRepository(db),
		store.NewBranchRepository(db),
		store.NewPickTaskRepository(db),
		store.NewMovementRepository(),
		store.NewInboxRepository(db),
		app.ProvidePublisher(sqsClient, cfg),
		log,
	)
	holdSvc := app.ProvideHoldService(cfg, st, holdRepo, patronRepo, log)

	c := transferq.NewConsumer(sqsClient, transferq.ConsumerOptions{
		QueueURL:          cfg.TransferQueueURL,
		VisibilityTimeout: 90,
	}, log, consumer.Routes(transferSvc, holdSvc, tasksClient, ids.XID())...)

	log.Info("transfer consumer started", "queue", cfg.TransferQueueURL)
	if err := c.Run(ctx); err != nil {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
