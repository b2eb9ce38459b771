// Command worker consumes domain events from the watermill SQL pub/sub and
// upload/render notifications from SQS.
package main

import (
	"context"
	"database/sql"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	_ "github.com/jackc/pgx/v5/stdlib"

	"github.com/lenslane/photomarket/internal/config"
	"github.com/lenslane/photomarket/internal/events"
	"github.com/lenslane/photomarket/internal/gallery"
	"github.com/lenslane/photomarket/internal/ledger"
	"github.com/lenslane/photomarket/internal/notifications"
	"github.com/lenslane/photomarket/internal/notify"
	"github.com/lenslane/photomarket/internal/payout"
	"github.com/lenslane/photomarket/internal/printlab"
	"github.com/lenslane/photomarket/internal/prints"
	"github.com/lenslane/photomarket/internal/renderq"
	"github.com/lenslane/photomarket/internal/repo"
	"github.com/lenslane/photomarket/internal/sqsconsumer"
	"github.com/lenslane/photomarket/internal/store"
	"github.com/lenslane/photomarket/internal/stripepay"
	"github.com/lenslane/photomarket/internal/worker"
)

func main() {
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(logger); err != nil {
		logger.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(logger *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pool, err := sql.Open("pgx", cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	pool.SetMaxOpenConns(30)

	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return err
	}
	sqsClient := sqs.NewFromConfig(awsCfg)

	wmLogger := watermill.NewSlogLogger(logger)
	st := store.New(pool, wmLogger)

	stripeClient := stripepay.New(stripepay.Config{SecretKey: cfg.StripeSecretKey})
	lab := printlab.New(cfg.PrintLabURL, cfg.PrintLabAPIKey, cfg.PrintLabWebhookSecret)
	messaging := notify.New(cfg.NotifyURL, cfg.NotifyAPIKey, cfg.NotifyFromPhone, cfg.NotifyFromEmail)

	ingest := gallery.NewIngest(st, st.Q, logger)
	dispatcher := &gallery.RenderDispatcher{
		Jobs:   renderq.NewSender(sqsClient, cfg.RenderJobsQueueURL),
		Logger: logger,
	}
	meter := &gallery.UsageMeter{Usage: repo.New[gallery.UsageRecord](pool)}
	releaser := payout.NewReleaser(st.Q, st, stripeClient, logger)
	notifier := notifications.New(st.Q, messaging, messaging,
		repo.New[notifications.Record](pool), cfg.AppURL, logger)
	printSvc := prints.NewService(st.Q, st, lab, func(bucket, key string) string {
		return cfg.OriginalsCDN + "/" + key
	}, logger)
	ledgerConsumer := &ledger.PaymentConsumer{Store: st}

	router, err := worker.NewRouter(pool, wmLogger, []worker.Route{
		{Name: "render.dispatch", Topic: events.TopicPhotoUploaded, Handle: dispatcher.Handle},
		{Name: "usage.meter", Topic: events.TopicImageProcessed, Handle: meter.Handle},
		{Name: "payout.release", Topic: events.TopicGalleryDelivered, Handle: releaser.Handle},
		{Name: "notify.gallery_delivered", Topic: events.TopicGalleryDelivered, Handle: notifier.GalleryDelivered},
		{Name: "notify.photographer_booked", Topic: events.TopicBookingConfirmed, Handle: notifier.PhotographerBooked},
		{Name: "prints.submit", Topic: events.TopicPrintOrderPaid, Handle: printSvc.HandlePaid},
		{Name: "ledger.payment_succeeded", Topic: events.TopicPaymentSucceeded, Handle: ledgerConsumer.Handle},
	})
	if err != nil {
		return err
	}

	uploads := &sqsconsumer.Poller{
		Client:   sqsClient,
		QueueURL: cfg.UploadsQueueURL,
		Handler: worker.Dispatch(logger, map[string]worker.BodyHandler{
			"s3:ObjectCreated": ingest.ObjectCreated,
			"batch.completed":  ingest.BatchDone,
			"s3:TestEvent":     func(context.Context, []byte) error { return nil },
		}),
		Concurrency:       cfg.SQSConcurrency,
		WaitTime:          20 * time.Second,
		VisibilityTimeout: cfg.SQSVisibility,
		Logger:            logger,
	}
	renders := &sqsconsumer.Poller{
		Client:            sqsClient,
		QueueURL:          cfg.RenderResultsURL,
		Handler:           worker.Single(ingest.RenderDone),
		Concurrency:       cfg.SQSConcurrency,
		WaitTime:          20 * time.Second,
		VisibilityTimeout: cfg.SQSVisibility,
		Logger:            logger,
	}

	runner := &worker.Runner{
		Router:  router,
		Pollers: []*sqsconsumer.Poller{uploads, renders},
		Logger:  logger,
	}
	return runner.Run(ctx)
}
