// Command worker runs the SQS consumers, the outbox relay and the Temporal
// worker for the grading-to-payout pipeline.
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

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sns"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"

	appconfig "github.com/circuitback/buyback/internal/config"
	"github.com/circuitback/buyback/internal/consumer"
	"github.com/circuitback/buyback/internal/messaging"
	"github.com/circuitback/buyback/internal/outbox"
	"github.com/circuitback/buyback/internal/pipeline"
	"github.com/circuitback/buyback/internal/platform/database"
	"github.com/circuitback/buyback/internal/provider/carrier"
	"github.com/circuitback/buyback/internal/provider/marketplace"
	"github.com/circuitback/buyback/internal/provider/payouts"
	"github.com/circuitback/buyback/internal/provider/wipecert"
	"github.com/circuitback/buyback/internal/repository"
	"github.com/circuitback/buyback/internal/service"
)

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo})))
	if err := run(); err != nil {
		slog.Error("worker exited", "err", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := appconfig.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	db, err := database.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	tx := database.NewTransactor(db)

	awsCfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(cfg.AWSRegion))
	if err != nil {
		return err
	}
	sqsClient := sqs.NewFromConfig(awsCfg)
	snsClient := sns.NewFromConfig(awsCfg)
	publisher := messaging.NewPublisher(snsClient, map[string]string{
		messaging.TopicEvents:        cfg.EventsTopicARN,
		messaging.TopicNotifications: cfg.NotificationsTopicARN,
	})

	temporalClient, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    slog.Default(),
	})
	if err != nil {
		return err
	}
	defer temporalClient.Close()

	// Repositories.
	customers := repository.NewCustomerRepository(db)
	idem := repository.NewIdempotencyRepository(db)
	quotes := repository.NewQuoteRepository(db)
	tradeIns := repository.NewTradeInRepository(db)
	shipments := repository.NewShipmentRepository(db)
	webhookEvents := repository.NewWebhookEventRepository(db)
	outboxRepo := repository.NewOutboxRepository(db)
	processed := repository.NewProcessedMessageRepository(db)
	devices := repository.NewDeviceRepository(db)
	intake := repository.NewIntakeRepository(db, nil)
	gradings := repository.NewGradingRepository(db)
	notifications := repository.NewNotificationRepository(db)
	wipes := repository.NewWipeRepository(db)
	payoutRepo := repository.NewPayoutRepository(db)
	ledger := repository.NewLedgerRepository(db)
	credits := repository.NewStoreCreditRepository(db)
	listings := repository.NewListingRepository(db)
	orders := repository.NewOrderRepository(db)
	fulfilments := repository.NewFulfilmentRepository(db)

	// Provider clients.
	carrierClient := carrier.New(cfg.CarrierBaseURL, cfg.CarrierAPIKey, cfg.CarrierAccount)
	payoutsClient := payouts.New(cfg.PayoutsBaseURL, cfg.PayoutsAPIKey)
	marketClient := marketplace.New(cfg.MarketplaceBaseURL, cfg.MarketplaceSellerID, cfg.MarketplaceAPIKey)
	certClient := wipecert.New(cfg.WipeCertBaseURL, cfg.WipeCertAPIKey)

	prices := service.DefaultPriceBook()

	// Services.
	quoteSvc := service.NewQuoteService(service.QuoteServiceDeps{
		Tx: tx, Quotes: quotes, TradeIns: tradeIns, Shipments: shipments, Idempotency: idem,
		Carrier: carrierClient, Prices: prices,
		WarehouseAddressID: cfg.WarehouseAddress, QuoteTTL: cfg.QuoteTTL,
	})
	warehouseSvc := service.NewWarehouseService(service.WarehouseDeps{
		Tx: tx, Devices: devices, Intake: intake, Gradings: gradings, Wipes: wipes,
		TradeIns: tradeIns, Shipments: shipments, Outbox: outboxRepo,
	})
	wipeSvc := service.NewWipeService(tx, wipes, devices, certClient)
	offerSvc := service.NewOfferService(service.OfferDeps{
		Tx: tx, TradeIns: tradeIns, Devices: devices, Gradings: gradings, Customers: customers,
		Notifications: notifications, Shipments: shipments, Carrier: carrierClient,
		Prices: prices, WarehouseAddressID: cfg.WarehouseAddress,
	})
	payoutSvc := service.NewPayoutService(service.PayoutDeps{
		Tx: tx, Payouts: payoutRepo, TradeIns: tradeIns, Customers: customers, Ledger: ledger,
		Credits: credits, Events: webhookEvents, Idempotency: idem, Outbox: outboxRepo,
		API: payoutsClient, Prices: prices,
	})
	marketSvc := service.NewMarketplaceService(service.MarketplaceDeps{
		Tx: tx, Listings: listings, Orders: orders, Devices: devices, Gradings: gradings,
		TradeIns: tradeIns, Events: webhookEvents, Outbox: outboxRepo, API: marketClient, Prices: prices,
	})
	fulfilmentSvc := service.NewFulfilmentService(service.FulfilmentDeps{
		Tx: tx, Fulfilments: fulfilments, Orders: orders, Devices: devices, Shipments: shipments,
		Carrier: carrierClient, API: marketClient, WarehouseAddressID: cfg.WarehouseAddress,
	})

	// Temporal worker.
	tw := worker.New(temporalClient, cfg.TemporalTaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 20,
	})
	tw.RegisterWorkflow(pipeline.GradingToPayout)
	tw.RegisterActivity(&pipeline.Activities{
		Offers:    offerSvc,
		Wipes:     wipeSvc,
		Payouts:   payoutSvc,
		PayoutDB:  payoutRepo,
		Publisher: publisher,
		SMS:       publisher,
	})
	if err := tw.Start(); err != nil {
		return err
	}
	defer tw.Stop()

	// Queue consumers.
	handlers := &consumer.Handlers{
		Warehouse:    warehouseSvc,
		Pipeline:     pipeline.NewStarter(temporalClient, cfg.TemporalTaskQueue, tradeIns),
		Listings:     marketSvc,
		Fulfilment:   fulfilmentSvc,
		Quotes:       quoteSvc,
		Certificates: wipeSvc,
		Settlements:  payoutSvc,
		Dedupe:       consumer.NewDeduper(tx, processed),
	}
	eventsPoller := consumer.NewPoller(sqsClient, consumer.PollerConfig{
		QueueURL:          cfg.EventsQueueURL,
		MaxMessages:       cfg.PollMaxMessages,
		WaitSeconds:       cfg.PollWaitSeconds,
		VisibilityTimeout: cfg.VisibilityTimeout,
		Concurrency:       8,
	}, handlers.EventsTable())
	listingPoller := consumer.NewPoller(sqsClient, consumer.PollerConfig{
		QueueURL:          cfg.ListingQueueURL,
		MaxMessages:       1,
		WaitSeconds:       cfg.PollWaitSeconds,
		VisibilityTimeout: cfg.VisibilityTimeout,
		Concurrency:       1,
	}, handlers.ListingTable())
	relay := outbox.NewRelay(tx, outboxRepo, publisher, cfg.OutboxInterval)

	var wg sync.WaitGroup
	loops := map[string]func(context.Context) error{
		"events-poller":  eventsPoller.Run,
		"listing-poller": listingPoller.Run,
		"outbox-relay":   relay.Run,
	}
	for name, loop := range loops {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := loop(ctx); err != nil && !errors.Is(err, context.Canceled) {
				slog.Error("loop stopped", "loop", name, "err", err)
				stop()
			}
		}()
	}
	slog.Info("worker running", "task_queue", cfg.TemporalTaskQueue)
	<-ctx.Done()

	done := make(chan struct{})
	go func() { wg.Wait(); close(done) }()
	select {
	case <-done:
	case <-time.After(30 * time.Second):
		slog.Warn("worker shutdown timed out")
	}
	return nil
}
