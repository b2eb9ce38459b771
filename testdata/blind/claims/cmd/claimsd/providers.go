package main

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill-amqp/v3/pkg/amqp"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/harborline/claims/internal/config"
	"github.com/harborline/claims/internal/jobs"
	"github.com/harborline/claims/internal/payouts"
	"github.com/harborline/claims/internal/platform/httpx"
	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/providers/brokerhook"
	"github.com/harborline/claims/internal/providers/financefeed"
	"github.com/harborline/claims/internal/providers/repairshop"
	"github.com/harborline/claims/internal/providers/s3docs"
	"github.com/harborline/claims/internal/providers/sesmail"
	"github.com/harborline/claims/internal/providers/stripepay"
	"github.com/harborline/claims/internal/repairs"
	"github.com/harborline/claims/internal/reserves"
	"github.com/harborline/claims/internal/subrogation"
	"github.com/harborline/claims/internal/transport/amqpsub"
	"github.com/harborline/claims/internal/transport/httpapi"
	"github.com/harborline/claims/internal/transport/sqsconsumer"
)

func providePool(ctx context.Context, cfg config.Config) (*pgxpool.Pool, func(), error) {
	pcfg, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("parse database url: %w", err)
	}
	pcfg.MaxConns = 20
	pool, err := pgxpool.NewWithConfig(ctx, pcfg)
	if err != nil {
		return nil, nil, err
	}
	return pool, pool.Close, nil
}

func provideTxManager(pool *pgxpool.Pool) *txctx.Manager {
	return txctx.NewManager(pool)
}

func provideAWSConfig(ctx context.Context, cfg config.Config) (aws.Config, error) {
	return awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
}

func provideSQSClient(ac aws.Config) *sqs.Client   { return sqs.NewFromConfig(ac) }
func provideS3Client(ac aws.Config) *s3.Client     { return s3.NewFromConfig(ac) }
func provideSESClient(ac aws.Config) *sesv2.Client { return sesv2.NewFromConfig(ac) }
func provideStripe(cfg config.Config) *stripepay.Client {
	return stripepay.New(stripepay.Config{SecretKey: cfg.StripeSecretKey, WebhookSecret: cfg.StripeWebhookSecret})
}

func provideRepairShop(cfg config.Config, log *slog.Logger) *repairshop.Client {
	return repairshop.New(repairshop.Config{
		BaseURL:       cfg.RepairShopBaseURL,
		APIKey:        cfg.RepairShopAPIKey,
		WebhookSecret: cfg.RepairShopWebhookSecret,
	}, log.With("component", "repairshop"))
}

func provideBrokerHooks(cfg config.Config) *brokerhook.Client {
	return brokerhook.New(cfg.BrokerWebhookSecret)
}

func provideFinanceFeed(c *sqs.Client, cfg config.Config) *financefeed.Feed {
	return financefeed.New(c, cfg.FinanceFeedQueueURL)
}

func provideMailer(c *sesv2.Client, cfg config.Config) *sesmail.Mailer {
	return sesmail.New(c, cfg.SESFrom, cfg.SESConfigSet)
}

func provideDocStore(c *s3.Client, cfg config.Config) *s3docs.Store {
	return s3docs.New(c, cfg.DocumentsBucket, cfg.DocumentsKMSKeyID)
}

func provideWatermillLogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(log.With("component", "watermill"))
}

func provideAMQPConfig(cfg config.Config) amqpsub.Config {
	return amqpsub.Config{URI: cfg.AMQPURI, Exchange: cfg.AMQPExchange, QueuePrefix: cfg.AMQPQueuePrefix}
}

func provideAMQPPublisher(c amqpsub.Config, l watermill.LoggerAdapter) (*amqp.Publisher, func(), error) {
	pub, err := amqpsub.NewPublisher(c, l)
	if err != nil {
		return nil, nil, err
	}
	return pub, func() { _ = pub.Close() }, nil
}

func provideEventRouter(c amqpsub.Config, l watermill.LoggerAdapter, h *amqpsub.Handlers) (*message.Router, error) {
	return amqpsub.NewRouter(c, l, h.Subscriptions())
}

func provideSQSConsumer(c *sqs.Client, cfg config.Config, h *sqsconsumer.Handlers, log *slog.Logger) *sqsconsumer.Consumer {
	return sqsconsumer.New(c, log.With("component", "sqs"), h.Registrations(sqsconsumer.Queues{
		TelematicsURL:  cfg.TelematicsQueueURL,
		SESFeedbackURL: cfg.SESFeedbackQueueURL,
		RecoveriesURL:  cfg.RecoveriesQueueURL,
	})...)
}

func provideJobDeps(p *payouts.Service, r *repairs.Service, s *subrogation.Service, rs *reserves.Service) jobs.Deps {
	return jobs.Deps{Payouts: p, Repairs: r, Subrogation: s, Reserves: rs}
}

func provideAdapter() *httpx.Adapter {
	return httpx.NewAdapter(httpapi.ErrorTable())
}

func provideHTTPServer(cfg config.Config, a *httpx.Adapter, h httpapi.Handlers, log *slog.Logger) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           httpapi.NewRouter(a, h, log),
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
}
