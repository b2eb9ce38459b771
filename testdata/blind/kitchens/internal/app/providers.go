// Package app holds the provider functions and wire sets shared by the
// binaries under cmd/.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	_ "github.com/lib/pq" // postgres driver
	"github.com/prometheus/client_golang/prometheus"
	"github.com/prometheus/client_golang/prometheus/collectors"

	"github.com/hearthkit/commissary/internal/api"
	"github.com/hearthkit/commissary/internal/config"
	"github.com/hearthkit/commissary/internal/metrics"
	"github.com/hearthkit/commissary/internal/provider/cleaning"
	"github.com/hearthkit/commissary/internal/provider/mailer"
	"github.com/hearthkit/commissary/internal/provider/payments"
	"github.com/hearthkit/commissary/internal/provider/retry"
	"github.com/hearthkit/commissary/internal/provider/storage"
	"github.com/hearthkit/commissary/internal/repository"
	"github.com/hearthkit/commissary/internal/repository/postgres"
	"github.com/hearthkit/commissary/internal/service"
	"github.com/hearthkit/commissary/internal/tasks"
)

// ProvideLogger returns the JSON process logger.
func ProvideLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// ProvideDB opens and pings the Postgres pool.
func ProvideDB(ctx context.Context, cfg *config.Config) (*sqlx.DB, func(), error) {
	db, err := sqlx.Open("postgres", cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	db.SetMaxOpenConns(25)
	db.SetMaxIdleConns(10)
	db.SetConnMaxLifetime(30 * time.Minute)
	pingCtx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	if err := db.PingContext(pingCtx); err != nil {
		_ = db.Close()
		return nil, nil, fmt.Errorf("postgres ping: %w", err)
	}
	return db, func() { _ = db.Close() }, nil
}

// ProvideStore returns the Postgres store.
func ProvideStore(db *sqlx.DB) repository.Store {
	return postgres.New(db)
}

func providerHTTPClient(timeout time.Duration) *http.Client {
	return &http.Client{
		Timeout: timeout,
		Transport: &http.Transport{
			MaxIdleConnsPerHost: 20,
			IdleConnTimeout:     90 * time.Second,
		},
	}
}

// ProvidePayments builds the Paylane client.
func ProvidePayments(cfg *config.Config) *payments.Client {
	return payments.New(cfg.PaymentsBaseURL, cfg.PaymentsAPIKey,
		payments.WithHTTPClient(providerHTTPClient(15*time.Second)),
		payments.WithRetryPolicy(retry.DefaultPolicy),
	)
}

// ProvideCleaning builds the SparkleCrew client.
func ProvideCleaning(cfg *config.Config) *cleaning.Client {
	return cleaning.New(cfg.CleaningBaseURL, cfg.CleaningAPIKey,
		cleaning.WithHTTPClient(providerHTTPClient(20*time.Second)),
		cleaning.WithServiceRegion("us-east"),
	)
}

// ProvideMailer builds the Postbird client.
func ProvideMailer(cfg *config.Config) *mailer.Client {
	return mailer.New(cfg.MailerBaseURL, cfg.MailerAPIKey,
		mailer.WithFrom(cfg.MailerFrom),
		mailer.WithHTTPClient(providerHTTPClient(10*time.Second)),
	)
}

// ProvideAWSConfig loads the default AWS credential chain.
func ProvideAWSConfig(ctx context.Context, cfg *config.Config) (aws.Config, error) {
	return awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
}

// ProvideS3 builds the S3 client.
func ProvideS3(awsCfg aws.Config) *s3.Client {
	return s3.NewFromConfig(awsCfg)
}

// ProvideSQS builds the SQS client.
func ProvideSQS(awsCfg aws.Config) *sqs.Client {
	return sqs.NewFromConfig(awsCfg)
}

// ProvideInspectionBucket builds the bucket for health-inspection
// documents, encrypted with KMS.
func ProvideInspectionBucket(client *s3.Client, cfg *config.Config) *storage.Bucket {
	return storage.NewBucket(client, cfg.InspectionBucket, storage.WithKMS(), storage.WithPrefix("v1/"))
}

// ProvideRedisOpt returns the asynq Redis connection options.
func ProvideRedisOpt(cfg *config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr, DB: cfg.RedisDB}
}

// ProvideAsynqClient builds the asynq producer.
func ProvideAsynqClient(opt asynq.RedisClientOpt) (*asynq.Client, func()) {
	c := asynq.NewClient(opt)
	return c, func() { _ = c.Close() }
}

// ProvideRegistry builds the Prometheus registry with process collectors.
func ProvideRegistry() *prometheus.Registry {
	reg := prometheus.NewRegistry()
	reg.MustRegister(collectors.NewGoCollector(), collectors.NewProcessCollector(collectors.ProcessCollectorOpts{}))
	return reg
}

// ProvideRecorder builds the service metrics recorder.
func ProvideRecorder(reg *prometheus.Registry) (*metrics.Recorder, error) {
	return metrics.NewRecorder(reg)
}

func ProvideBookingConfig(cfg *config.Config) service.BookingConfig {
	return service.BookingConfig{PlatformFeeBps: cfg.PlatformFeeBps, DamageClaimWindow: cfg.DamageClaimWindow}
}

func ProvideDepositConfig(cfg *config.Config) service.DepositConfig {
	return service.DepositConfig{DamageClaimWindow: cfg.DamageClaimWindow, ReminderLeadTime: cfg.ReminderLeadTime}
}

func ProvideMeteringConfig(cfg *config.Config) service.MeteringConfig {
	return service.MeteringConfig{PricePerKWhCents: cfg.UsagePricePerKWh, PricePerM3Cents: cfg.UsagePricePerM3}
}

// ProvideInstrumented wraps every service with the metrics decorator.
func ProvideInstrumented(s service.Services, rec *metrics.Recorder) *service.Instrumented {
	return service.NewInstrumented(s, rec)
}

// ProvideWebhookSecret exposes the Paylane signing secret to the API.
func ProvideWebhookSecret(cfg *config.Config) api.WebhookSecret {
	return api.WebhookSecret(cfg.PaymentsWebhookSecret)
}

// ProvideHandlers builds the HTTP handlers from the decorated services.
func ProvideHandlers(s *service.Instrumented, secret api.WebhookSecret) *api.Handlers {
	return &api.Handlers{
		Bookings: api.NewBookingHandler(s.Bookings),
		Deposits: api.NewDepositHandler(s.Deposits),
		Kitchens: api.NewKitchenHandler(s.Kitchens),
		Cleaning: api.NewCleaningHandler(s.Cleaning),
		Hosts:    api.NewHostHandler(s.Payouts),
		Webhooks: api.NewWebhookHandler(s.Webhooks, secret),
	}
}

// ProvideServer builds the echo server.
func ProvideServer(cfg *config.Config, h *api.Handlers, log *slog.Logger, reg *prometheus.Registry) *api.Server {
	return api.NewServer(cfg.HTTPAddr, h, log, reg)
}

// ProvideEnqueuer builds the task producer.
func ProvideEnqueuer(c *asynq.Client) *tasks.Enqueuer {
	return tasks.NewEnqueuer(c)
}
