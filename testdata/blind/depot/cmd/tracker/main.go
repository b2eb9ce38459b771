// Command tracker polls the carrier tracking queue and applies updates to
// shipments.
package main

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"github.com/depotworks/depot/internal/config"
	"github.com/depotworks/depot/internal/notify"
	"github.com/depotworks/depot/internal/platform/clock"
	"github.com/depotworks/depot/internal/platform/db"
	"github.com/depotworks/depot/internal/platform/idgen"
	"github.com/depotworks/depot/internal/service"
	"github.com/depotworks/depot/internal/store"
	"github.com/depotworks/depot/internal/tracking"
	"github.com/depotworks/depot/internal/webhook"
)

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	log := cfg.Logger()
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	conn, err := db.Open(ctx, cfg.DatabaseURL, db.Options{MaxOpenConns: 10})
	if err != nil {
		log.Error("database", "err", err)
		os.Exit(1)
	}
	defer conn.Close()

	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		log.Error("aws config", "err", err)
		os.Exit(1)
	}

	clk := clock.System{}
	ids := idgen.UUID{}
	outbound := &http.Client{Timeout: cfg.OutboundTimeout}
	repos := store.New(conn, store.WithClock(clk), store.WithIDGen(ids))
	common := []service.Option{service.WithClock(clk), service.WithIDGen(ids), service.WithLogger(log), service.WithHTTPClient(outbound)}

	sms := notify.NewTextwire(cfg.TextwireURL, cfg.TextwireToken, cfg.TextwireSender, notify.WithHTTPClient(outbound))
	notifier := service.NewNotifier(repos, webhook.NewSender(webhook.WithHTTPClient(outbound)), common...)
	svc := service.NewTrackingService(repos, notifier, sms, common, service.WithEventIDs(idgen.NewULID(clk)))

	poller := tracking.NewPoller(sqs.NewFromConfig(awsCfg), cfg.TrackingQueueURL, tracking.Routes(svc),
		tracking.WithLogger(log), tracking.WithWorkers(8), tracking.WithVisibilityTimeout(90*time.Second))
	log.Info("tracker polling", "queue", cfg.TrackingQueueURL)
	if err := poller.Run(ctx); err != nil {
		log.Error("tracker stopped", "err", err)
		os.Exit(1)
	}
}
