// Command kiosk-consumer applies the events site kiosks publish to SQS:
// single-wash sales, bay starts, loyalty scans, receipt requests and fleet
// washes.
package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"

	"github.com/brightbay/washclub/internal/app"
	"github.com/brightbay/washclub/internal/config"
	"github.com/brightbay/washclub/internal/kiosk"
	"github.com/brightbay/washclub/internal/service"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("bin", "kiosk-consumer")
	if err := run(log); err != nil {
		log.Error("kiosk consumer exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	if cfg.KioskQueueURL == "" {
		return errors.New("KIOSK_QUEUE_URL is required")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	c, err := app.New(cfg, log)
	if err != nil {
		return err
	}
	err = c.Provide(func() (kiosk.SQSAPI, error) {
		awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
		if err != nil {
			return nil, err
		}
		return sqs.NewFromConfig(awsCfg), nil
	})
	if err != nil {
		return err
	}
	err = c.Provide(func(client kiosk.SQSAPI, svc service.KioskService) *kiosk.Consumer {
		return kiosk.NewConsumer(client, cfg.KioskQueueURL, kiosk.Handlers(svc), log,
			kiosk.WithBatchSize(10),
			kiosk.WithVisibilityTimeout(45*time.Second),
		)
	})
	if err != nil {
		return err
	}
	return c.Invoke(func(consumer *kiosk.Consumer, db *sqlx.DB, queue *asynq.Client) error {
		defer db.Close()
		defer queue.Close()
		log.Info("consuming kiosk events", "queue", cfg.KioskQueueURL)
		return consumer.Run(ctx)
	})
}
