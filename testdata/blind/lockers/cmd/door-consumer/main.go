// Command door-consumer reads door events and telemetry from Kafka and
// applies them to parcel and compartment state.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"sync"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/promhttp"

	"github.com/quayside/lockers/internal/decorators"
	"github.com/quayside/lockers/internal/doorevents"
	"github.com/quayside/lockers/internal/fleet"
	"github.com/quayside/lockers/internal/hosts"
	appconfig "github.com/quayside/lockers/internal/platform/config"
	"github.com/quayside/lockers/internal/platform/observe"
	"github.com/quayside/lockers/internal/store"
	"github.com/quayside/lockers/internal/webhooks"
)

func main() {
	log := observe.NewLogger("door-consumer", slog.LevelInfo)
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
	pool, err := store.Open(ctx, store.PoolConfig{DSN: cfg.DatabaseURL, MaxConns: 8, ApplicationName: "door-consumer"})
	if err != nil {
		return err
	}
	defer pool.Close()
	tx := store.NewTxRunner(pool)
	repos := store.NewRepos(pool)

	awsCfg, err := config.LoadDefaultConfig(ctx, config.WithRegion(cfg.AWSRegion))
	if err != nil {
		return err
	}
	publisher := webhooks.NewSQSPublisher(sqs.NewFromConfig(awsCfg), cfg.WebhookQueueURL,
		webhooks.WithMessageAttributes(map[string]string{"origin": "door-consumer"}))

	reg := prometheus.NewRegistry()
	metrics := observe.NewMetrics(reg, "lockers")

	events := decorators.FleetEvents(
		fleet.NewEventService(tx, repos, publisher, hosts.NewUsageRecorder(tx), log),
		metrics, log)

	consumers := []*doorevents.Consumer{
		doorevents.NewConsumer(cfg.DoorTopic,
			doorevents.NewGroupReader(cfg.KafkaBrokers, cfg.KafkaGroupID, cfg.DoorTopic),
			doorevents.DoorRoutes(events), log, doorevents.WithMetrics(metrics)),
		doorevents.NewConsumer(cfg.TelemetryTopic,
			doorevents.NewGroupReader(cfg.KafkaBrokers, cfg.KafkaGroupID+"-telemetry", cfg.TelemetryTopic,
				doorevents.WithMaxWait(2*time.Second)),
			doorevents.TelemetryRoutes(events), log, doorevents.WithMetrics(metrics)),
	}

	metricsSrv := &http.Server{Addr: ":9102", Handler: promhttp.HandlerFor(reg, promhttp.HandlerOpts{}), ReadHeaderTimeout: 5 * time.Second}
	go func() {
		if err := metricsSrv.ListenAndServe(); !errors.Is(err, http.ErrServerClosed) {
			log.Error("metrics server", "err", err)
		}
	}()
	defer metricsSrv.Close()

	var wg sync.WaitGroup
	errc := make(chan error, len(consumers))
	for _, c := range consumers {
		wg.Add(1)
		go func(c *doorevents.Consumer) {
			defer wg.Done()
			if err := c.Run(ctx); err != nil {
				errc <- err
				stop()
			}
		}(c)
	}
	wg.Wait()
	close(errc)
	return <-errc
}
