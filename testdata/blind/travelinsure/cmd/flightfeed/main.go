// Command flightfeed consumes the flight-status feed from SQS: it keeps
// flight_statuses current, triggers parametric delay payouts on late
// arrivals and warns travellers about cancellations.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"

	"github.com/skyguard-travel/policyhub/internal/config"
	"github.com/skyguard-travel/policyhub/internal/flightevents"
	"github.com/skyguard-travel/policyhub/internal/flightfeed"
	"github.com/skyguard-travel/policyhub/internal/inbox"
	"github.com/skyguard-travel/policyhub/internal/parametric"
	"github.com/skyguard-travel/policyhub/internal/platform/database"
	"github.com/skyguard-travel/policyhub/internal/platform/queue"
	"github.com/skyguard-travel/policyhub/internal/providers/smsgw"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil)).With("app", "policyhub-flightfeed")
	if err := run(log); err != nil {
		log.Error("flightfeed stopped", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg, err := config.Load()
	if err != nil {
		return err
	}
	if cfg.FlightFeedQueueURL == "" {
		return fmt.Errorf("FLIGHT_FEED_QUEUE_URL is required")
	}
	db, err := database.Open(ctx, cfg.DatabaseDSN)
	if err != nil {
		return err
	}
	defer db.Close()

	awsCfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		return fmt.Errorf("load aws config: %w", err)
	}
	sqsClient := sqs.NewFromConfig(awsCfg)

	asynqClient := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr})
	defer asynqClient.Close()
	enqueuer := queue.NewEnqueuer(asynqClient, log)

	status := flightevents.NewStatusWriter(db)
	delay := parametric.NewService(db, inbox.NewProcessed(db), status, enqueuer, cfg.DelayThreshold, log)
	disruption := flightfeed.NewDisruptionNotifier(db, smsgw.New(cfg.SMSURL, cfg.SMSToken, cfg.SMSSender, log), log)

	consumer := flightfeed.NewConsumer(sqsClient, cfg.FlightFeedQueueURL,
		flightfeed.Handlers(status, delay, disruption), log,
		flightfeed.WithWorkers(cfg.FlightFeedWorkers))
	log.Info("consuming flight feed", "queue", cfg.FlightFeedQueueURL)
	return consumer.Run(ctx)
}
