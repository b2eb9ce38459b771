// Command gate-consumer reads gate-controller events from SQS and applies
// them through the access service.
package main

import (
	"context"
	"log/slog"
	"os"
	"os/signal"
	"syscall"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/prometheus/client_golang/prometheus"

	"github.com/baywarden/storagedesk/internal/config"
	"github.com/baywarden/storagedesk/internal/gateevents"
	"github.com/baywarden/storagedesk/internal/platform/metrics"
	"github.com/baywarden/storagedesk/internal/provider/gatelink"
	"github.com/baywarden/storagedesk/internal/provider/textwire"
	"github.com/baywarden/storagedesk/internal/queue"
	"github.com/baywarden/storagedesk/internal/service/access"
	"github.com/baywarden/storagedesk/internal/service/notify"
	"github.com/baywarden/storagedesk/internal/store"
)

type app struct {
	log      *slog.Logger
	pool     *pgxpool.Pool
	client   *asynq.Client
	consumer *gateevents.Consumer
}

func newApp(ctx context.Context, cfg config.Config, log *slog.Logger) (*app, error) {
	pool, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	db := store.NewDB(pool)
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		pool.Close()
		return nil, err
	}
	m := metrics.New(prometheus.DefaultRegisterer)
	client := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr, DB: cfg.RedisDB})
	q := queue.NewClient(client)
	sms := textwire.New(cfg.SMSBaseURL, cfg.SMSAccountSID, cfg.SMSAuthToken, cfg.SMSFrom, cfg.ProviderTimeout)

	acc := access.Instrumented(access.New(access.Deps{
		Tx:        db,
		Store:     store.NewAccessStore(db),
		Rentals:   store.NewRentalStore(db),
		Gate:      gatelink.New(cfg.GateBaseURL, cfg.GateAPIKey, cfg.ProviderTimeout),
		SMS:       sms,
		Notifier:  notify.New(q, sms, store.NewNoticeStore(db), log),
		Queue:     q,
		Events:    store.NewRepo[store.GateEventRow](db, "event_id"),
		Alerts:    store.NewRepo[store.GateAlert](db, "id"),
		Incidents: store.NewRepo[store.Incident](db, "id"),
		Log:       log,
	}), m)

	return &app{
		log:    log,
		pool:   pool,
		client: client,
		consumer: gateevents.NewConsumer(sqs.NewFromConfig(awsCfg), cfg.GateQueue, acc, m, log,
			gateevents.WithWorkers(8), gateevents.WithVisibilityTimeout(90*time.Second)),
	}, nil
}

func (a *app) close() {
	_ = a.client.Close()
	a.pool.Close()
}

func main() {
	log := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	if cfg.GateQueue == "" {
		log.Error("GATE_EVENTS_QUEUE_URL is required")
		os.Exit(1)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, err := newApp(ctx, cfg, log)
	if err != nil {
		log.Error("startup", "err", err)
		os.Exit(1)
	}
	defer a.close()

	log.Info("consuming gate events", "queue", cfg.GateQueue)
	if err := a.consumer.Run(ctx); err != nil {
		log.Error("consumer", "err", err)
		os.Exit(1)
	}
}
