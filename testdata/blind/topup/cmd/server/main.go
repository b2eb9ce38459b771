// Command server runs the top-up platform: the public API, the reseller
// gateway (HTTP + gRPC) and the background consumers, in one process.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
	"github.com/labstack/echo/v4"

	"github.com/example/topup/internal/api/public"
	"github.com/example/topup/internal/carrier"
	"github.com/example/topup/internal/config"
	"github.com/example/topup/internal/jobs"
	"github.com/example/topup/internal/ledger"
	"github.com/example/topup/internal/payments"
	"github.com/example/topup/internal/queue/kafkaconsumer"
	"github.com/example/topup/internal/queue/sqsworker"
	"github.com/example/topup/internal/queue/tasks"
	"github.com/example/topup/internal/service"
	"github.com/example/topup/internal/store/pgstore"
	"github.com/example/topup/internal/store/sqlxstore"
	"github.com/example/topup/internal/webhooks"
	"github.com/example/topup/internal/wiring"
)

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
	if err := run(log); err != nil {
		log.Error("server exited", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg := config.Load()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	// --- storage ---
	pool, err := pgstore.NewPool(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()

	sqlxDB, err := sqlxstore.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer sqlxDB.Close()

	gormDB, err := ledger.Open(cfg.DatabaseURL)
	if err != nil {
		return err
	}

	// --- integrations ---
	gateway := payments.NewStripeGateway(cfg.StripeKey)
	carrierClient := carrier.New(carrier.Options{
		BaseURL:   cfg.CarrierBaseURL,
		APIKey:    cfg.CarrierAPIKey,
		PartnerID: cfg.CarrierPartner,
		Timeout:   cfg.CarrierTimeout,
		Logger:    log,
	})
	jobClient := tasks.NewClient(cfg.RedisAddr)
	defer jobClient.Close()
	var jobQueue jobs.Queue = jobClient

	awsCfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		return err
	}
	sqsClient := sqs.NewFromConfig(awsCfg)
	sqsPublisher := sqsworker.NewPublisher(sqsClient, cfg.SQSBundleURL, cfg.SQSNotifyURL)
	webhookSender := webhooks.NewSender(cfg.WebhookTimeout, log)

	// --- consumer side, wired by hand ---
	topUpRepo := pgstore.NewTopUps()
	customerRepo := pgstore.NewCustomers()
	bundleRepo := pgstore.NewBundles()

	topUpSvc := service.NewTopUpService(pool, topUpRepo, customerRepo, gateway, jobQueue, cfg.DefaultCurrency, log)
	bundleSvc := service.NewBundleService(pool, bundleRepo, customerRepo, gateway, sqsPublisher, log)
	promoSvc := service.NewPromoService(pool, pgstore.NewPromos(), topUpRepo, jobQueue, log)
	settingsSvc := service.NewSettingsService(sqlxDB, sqlxstore.NewSettings())
	stripeSvc := service.NewStripeEventService(pool, pgstore.NewStripeEvents(), topUpRepo, customerRepo, jobQueue, cfg.StripeWHSecret, log)
	deliverySvc := service.NewDeliveryService(pool, topUpRepo, carrierClient, jobQueue, log)
	activationSvc := service.NewActivationService(pool, bundleRepo, carrierClient, sqsPublisher, log)

	// --- reseller side, wire-style injector ---
	gw := wiring.InitializeResellerGateway(wiring.Shared{
		SQLX:     sqlxDB,
		Gorm:     gormDB,
		Payments: gateway,
		Carrier:  carrierClient,
		Jobs:     jobQueue,
		Webhooks: webhookSender,
		Log:      log,
	})

	// --- servers ---
	e := echo.New()
	e.HideBanner = true
	public.New(topUpSvc, bundleSvc, promoSvc, settingsSvc, stripeSvc, log).Register(e)

	resellerHTTP := &http.Server{
		Addr:              cfg.ResellerAddr,
		Handler:           gw.HTTP.Handler(),
		ReadHeaderTimeout: 5 * time.Second,
	}
	grpcLis, err := net.Listen("tcp", cfg.GRPCAddr)
	if err != nil {
		return err
	}

	asynqSrv := asynq.NewServer(asynq.RedisClientOpt{Addr: cfg.RedisAddr}, asynq.Config{
		Concurrency: 20,
		Queues:      map[string]int{"default": 6, "webhooks": 3, "low": 1},
	})
	taskHandlers := &tasks.Handlers{
		DeliverTopUp: func(ctx context.Context, p jobs.DeliverTopUp) error {
			return deliverySvc.Deliver(ctx, p.TopUpID)
		},
		Notifier: gw.Notify,
		Batches:  gw.Batches,
		Billing:  gw.Billing,
		Log:      log,
	}

	consumer := kafkaconsumer.New(kafkaconsumer.Config{Brokers: cfg.KafkaBrokers, GroupID: cfg.KafkaGroupID},
		kafkaconsumer.Handlers(deliverySvc, gw.Billing), log)

	sqsHandlers := sqsworker.Handlers(activationSvc, gw.Wallets)
	var sqsWorkers []*sqsworker.Worker
	for _, url := range []string{cfg.SQSBundleURL, cfg.SQSQueueURL} {
		if url != "" {
			sqsWorkers = append(sqsWorkers, sqsworker.NewWorker(sqsClient, url, sqsHandlers, log))
		}
	}

	var wg sync.WaitGroup
	errc := make(chan error, 8)
	start := func(name string, fn func() error) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if err := fn(); err != nil && !errors.Is(err, http.ErrServerClosed) {
				errc <- err
			}
			log.Info("stopped", "component", name)
		}()
	}

	start("public-http", func() error { return e.Start(cfg.HTTPAddr) })
	start("reseller-http", resellerHTTP.ListenAndServe)
	start("reseller-grpc", func() error { return gw.GRPC.Serve(grpcLis) })
	if err := asynqSrv.Start(taskHandlers.Mux()); err != nil {
		return err
	}
	start("kafka", func() error { return consumer.Run(ctx) })
	for _, w := range sqsWorkers {
		start("sqs", func() error { return w.Run(ctx) })
	}

	select {
	case <-ctx.Done():
	case err = <-errc:
		log.Error("component failed, shutting down", "err", err)
	}

	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	_ = e.Shutdown(shutdownCtx)
	_ = resellerHTTP.Shutdown(shutdownCtx)
	gw.GRPC.GracefulStop()
	asynqSrv.Shutdown()
	stop()
	wg.Wait()
	return err
}
