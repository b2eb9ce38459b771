// Command meter-consumer reads smart-meter events from the usage SQS
// queue and records utility usage against bookings.
package main

import (
	"context"
	"log"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/hearthkit/commissary/internal/app"
	"github.com/hearthkit/commissary/internal/config"
	"github.com/hearthkit/commissary/internal/metering"
	"github.com/hearthkit/commissary/internal/service"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		log.Fatal(err)
	}
	if cfg.UsageQueueURL == "" {
		log.Fatal("USAGE_QUEUE_URL is required")
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	logger := app.ProvideLogger()
	db, closeDB, err := app.ProvideDB(ctx, cfg)
	if err != nil {
		log.Fatal(err)
	}
	defer closeDB()
	awsCfg, err := app.ProvideAWSConfig(ctx, cfg)
	if err != nil {
		log.Fatal(err)
	}
	reg := app.ProvideRegistry()
	recorder, err := app.ProvideRecorder(reg)
	if err != nil {
		log.Fatal(err)
	}

	store := app.ProvideStore(db)
	svc := service.NewInstrumented(service.Services{
		Metering: service.NewMeteringService(store, app.ProvidePayments(cfg), app.ProvideMeteringConfig(cfg)),
	}, recorder).Metering

	consumer := metering.New(app.ProvideSQS(awsCfg), cfg.UsageQueueURL, svc, logger,
		metering.WithVisibilityTimeout(cfg.UsageVisibility),
		metering.WithBatchSize(10),
	)

	go func() {
		mux := http.NewServeMux()
		mux.Handle("/metrics", promhttp.HandlerFor(reg, promhttp.HandlerOpts{}))
		srv := &http.Server{Addr: ":9102", Handler: mux, ReadHeaderTimeout: 5 * time.Second}
		if err := srv.ListenAndServe(); err != nil && err != http.ErrServerClosed {
			logger.Error("metrics server", "err", err)
		}
	}()

	logger.Info("meter consumer started", "queue", cfg.UsageQueueURL)
	if err := consumer.Run(ctx); err != nil {
		log.Fatal(err)
	}
}
