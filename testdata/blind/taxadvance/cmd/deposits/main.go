// Command deposits consumes RT-account deposit events from the bank's SQS
// queue and records refunds against advances.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"

	"github.com/refundbridge/advance/internal/config"
	"github.com/refundbridge/advance/internal/deposits"
	"github.com/refundbridge/advance/internal/platform/db"
	"github.com/refundbridge/advance/internal/platform/httpx"
	"github.com/refundbridge/advance/internal/providers/bank"
	"github.com/refundbridge/advance/internal/repository/pg"
	"github.com/refundbridge/advance/internal/services/repayment"
	"github.com/refundbridge/advance/internal/tasks"
)

type container struct {
	asynq    *asynq.Client
	consumer *deposits.Consumer
}

func newContainer(ctx context.Context, cfg config.Config, log *slog.Logger) (*container, error) {
	gdb, err := db.Open(cfg.DatabaseURL, db.Options{MaxOpenConns: 10})
	if err != nil {
		return nil, err
	}
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return nil, err
	}
	store := pg.NewStore(gdb)
	client := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr, Password: cfg.RedisPassword})
	repayments := &repayment.Service{
		Tx:           store.Tx,
		Applications: store.Applications,
		Deposits:     store.Deposits,
		Repayments:   store.Repayments,
		Ledger:       store.Ledger,
		Inbox:        store.Inbox,
		Bank:         bank.New(cfg.BankBaseURL, cfg.BankAPIKey, httpx.NewHTTPClient(cfg.ProviderTimeout)),
		Queue:        tasks.NewEnqueuer(client, 24*time.Hour),
		Log:          log,
		Now:          func() time.Time { return time.Now().UTC() },
	}
	consumer := deposits.NewConsumer(sqs.NewFromConfig(awsCfg), cfg.DepositQueueURL,
		deposits.NewRouter(repayments), log, 8)
	return &container{asynq: client, consumer: consumer}, nil
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	cfg, err := config.Load()
	if err != nil {
		log.Error("load config", "err", err)
		os.Exit(1)
	}
	if cfg.DepositQueueURL == "" {
		log.Error("DEPOSIT_QUEUE_URL is required")
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	c, err := newContainer(ctx, cfg, log)
	if err != nil {
		log.Error("wire dependencies", "err", err)
		os.Exit(1)
	}
	defer c.asynq.Close()

	log.Info("deposit consumer started", "queue", cfg.DepositQueueURL)
	if err := c.consumer.Run(ctx); err != nil {
		log.Error("consumer stopped", "err", err)
		os.Exit(1)
	}
}
