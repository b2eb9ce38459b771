// Command worker runs the river job workers and the Kafka POS consumers.
package main

import (
	"context"
	"errors"
	"log/slog"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/lumen-gift/giftcards/internal/config"
	"github.com/lumen-gift/giftcards/internal/consumer"
	"github.com/lumen-gift/giftcards/internal/mailer"
	"github.com/lumen-gift/giftcards/internal/payments"
	"github.com/lumen-gift/giftcards/internal/repo"
	"github.com/lumen-gift/giftcards/internal/service"
	"github.com/lumen-gift/giftcards/internal/sms"
	"github.com/lumen-gift/giftcards/internal/store"
	"github.com/lumen-gift/giftcards/internal/tasks"
	"github.com/lumen-gift/giftcards/internal/webhook"
	"github.com/lumen-gift/giftcards/internal/workers"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	if err := run(log); err != nil {
		log.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	pool, err := pgxpool.New(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()

	st := store.New(pool)
	jobs := &tasks.Late{}

	var (
		cardsRepo       = repo.NewCards(st)
		purchasesRepo   = repo.NewPurchases(st)
		redemptionsRepo = repo.NewRedemptions(st)
		merchantsRepo   = repo.NewMerchants(st)
		deliveriesRepo  = repo.NewDeliveries(st)
		eventLog        = repo.NewEventLog(st)
	)
	gateway := payments.NewStripeGateway(cfg.StripeKey)
	smsClient := sms.NewClient(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender)
	mail := mailer.NewClient(cfg.MailBaseURL, cfg.MailAPIKey, cfg.MailFrom)
	notifier := webhook.NewSender(webhook.WithUserAgent("giftcards-webhooks/1.4"))

	purchases := service.NewPurchases(st, purchasesRepo, cardsRepo, gateway, jobs, service.PurchaseConfig{CardValidity: cfg.CardValidity}, log)
	settlements := service.NewSettlements(st, jobs, gateway, cfg.SettlementCurrency, log)
	redemptions := service.NewRedemptions(st, cardsRepo, redemptionsRepo, jobs, log)
	loads := service.NewLoads(st, cfg.MaxLoadCents, log)

	ws := river.NewWorkers()
	workers.Register(ws, &workers.Deps{
		Store:          st,
		Jobs:           jobs,
		Cards:          cardsRepo,
		Deliveries:     deliveriesRepo,
		Purchases:      purchases,
		Settlements:    settlements,
		SMS:            smsClient,
		Mail:           mail,
		Webhooks:       notifier,
		CardValidity:   cfg.CardValidity,
		ReminderWindow: cfg.ReminderWindow,
		Log:            log,
	})

	client, err := river.NewClient[pgx.Tx](riverpgxv5.New(pool), &river.Config{
		Logger: log,
		Queues: map[string]river.QueueConfig{
			river.QueueDefault:     {MaxWorkers: 5},
			tasks.QueueDelivery:    {MaxWorkers: cfg.WorkerConcurrency},
			tasks.QueueIssuance:    {MaxWorkers: 4},
			tasks.QueueSettlement:  {MaxWorkers: 4},
			tasks.QueueWebhooks:    {MaxWorkers: cfg.WorkerConcurrency},
			tasks.QueueMaintenance: {MaxWorkers: 1},
		},
		Workers:      ws,
		PeriodicJobs: workers.PeriodicJobs(cfg.ExpirySweepInterval),
		JobTimeout:   2 * time.Minute,
	})
	if err != nil {
		return err
	}
	jobs.Target = client

	group := consumer.NewGroup(consumer.Config{
		Brokers: cfg.KafkaBrokers,
		GroupID: cfg.KafkaGroupID,
	}, log,
		consumer.Binding{Topic: consumer.TopicRedemptions, Handler: consumer.NewRedemptionHandler(eventLog, redemptions, log)},
		consumer.Binding{Topic: consumer.TopicReversals, Handler: consumer.NewReversalHandler(redemptions, merchantsRepo, notifier, log)},
		consumer.Binding{Topic: consumer.TopicOfflineLoads, Handler: consumer.NewOfflineLoadHandler(loads, log)},
		consumer.Binding{Topic: consumer.TopicTerminalEvents, Handler: consumer.TelemetryHandler(st)},
	)

	if err := client.Start(ctx); err != nil {
		return err
	}

	var wg sync.WaitGroup
	var consumerErr error
	wg.Add(1)
	go func() {
		defer wg.Done()
		if err := group.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
			consumerErr = err
			stop()
		}
	}()

	<-ctx.Done()
	log.Info("shutting down")
	stopCtx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	stopErr := client.Stop(stopCtx)
	wg.Wait()
	return errors.Join(consumerErr, stopErr)
}
