// Command webhook-worker drains the partner webhook queue and delivers
// status notifications to partner endpoints.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	appconfig "github.com/quayside/lockers/internal/platform/config"
	"github.com/quayside/lockers/internal/platform/observe"
	"github.com/quayside/lockers/internal/store"
	"github.com/quayside/lockers/internal/webhooks"
)

func main() {
	log := observe.NewLogger("webhook-worker", slog.LevelInfo)
	if err := run(log); err != nil {
		log.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	cfg, err := appconfig.Load()
	if err != nil {
		return err
	}
	pool, err := store.Open(ctx, store.PoolConfig{DSN: cfg.DatabaseURL, MaxConns: int32(cfg.WebhookConcurrency) + 2, ApplicationName: "webhook-worker"})
	if err != nil {
		return err
	}
	defer pool.Close()
	repos := store.NewRepos(pool)

	awsCfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(cfg.AWSRegion))
	if err != nil {
		return err
	}
	reg := prometheus.NewRegistry()
	metrics := observe.NewMetrics(reg, "lockers")

	sender := webhooks.NewHTTPSender(
		webhooks.WithHTTPClient(&http.Client{Timeout: 15 * time.Second}),
		webhooks.WithUserAgent("quayside-webhooks/2"),
	)
	handlers := webhooks.NewHandlers(repos, sender, log)
	worker := webhooks.NewWorker(sqs.NewFromConfig(awsCfg), cfg.WebhookQueueURL, handlers.Table(), log,
		webhooks.WithConcurrency(cfg.WebhookConcurrency),
		webhooks.WithVisibilityTimeout(90*time.Second),
		webhooks.WithMetrics(metrics))

	metricsSrv := &http.Server{Addr: ":9103", Handler: promhttp.HandlerFor(reg, promhttp.HandlerOpts{}), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := metricsSrv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server", "err", err)
		}
	}()
	defer metricsSrv.Close()

	log.Info("webhook worker started", "queue", cfg.WebhookQueueURL)
	if err := worker.Run(ctx); err != nil && !errors.Is(err, context.Canceled) {
		return err
	}
	return nil
}
