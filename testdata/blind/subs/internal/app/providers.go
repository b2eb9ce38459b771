package app

import (
	"context"
	"log/slog"
	"os"
	"time"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	"github.com/nats-io/nats.go/jetstream"
	"gorm.io/gorm"

	"github.com/meterly/subs/internal/config"
	"github.com/meterly/subs/internal/messaging/kafkabus"
	"github.com/meterly/subs/internal/messaging/natsbus"
	"github.com/meterly/subs/internal/messaging/sqsq"
	"github.com/meterly/subs/internal/platform/database"
	"github.com/meterly/subs/internal/provider/mailer"
	"github.com/meterly/subs/internal/provider/stripex"
	"github.com/meterly/subs/internal/provider/taxpartner"
	"github.com/meterly/subs/internal/provider/webhooksender"
	"github.com/meterly/subs/internal/service/invoicing"
	"github.com/meterly/subs/internal/service/usage"
	"github.com/meterly/subs/internal/storage/gormrepo"
	"github.com/meterly/subs/internal/storage/pg"
	"github.com/meterly/subs/internal/transport/consumers"
	"github.com/meterly/subs/internal/transport/httpapi"
	"github.com/meterly/subs/internal/transport/taskhandlers"
)

func ProvideLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func ProvideSQLX(ctx context.Context, cfg config.Config) (*sqlx.DB, func(), error) {
	return database.OpenSQLX(ctx, database.Config{
		DSN:             cfg.DatabaseURL,
		MaxOpenConns:    cfg.MaxOpenConns,
		MaxIdleConns:    cfg.MaxOpenConns / 2,
		ConnMaxLifetime: 30 * time.Minute,
	})
}

func ProvideGorm(db *sqlx.DB) (*gorm.DB, error) { return database.OpenGorm(db) }

func ProvidePlanRepo(gdb *gorm.DB) gormrepo.Repo[gormrepo.Plan] {
	return gormrepo.New[gormrepo.Plan](gdb)
}

func ProvideStripe(cfg config.Config, log *slog.Logger) *stripex.Client {
	return stripex.New(stripex.Config{SecretKey: cfg.StripeSecretKey, MaxAttempts: 3}, log)
}

func ProvideTaxPartner(cfg config.Config) *taxpartner.Client {
	return taxpartner.New(taxpartner.Config{BaseURL: cfg.TaxAPIBaseURL, APIKey: cfg.TaxAPIKey})
}

func ProvideMailer(cfg config.Config) mailer.Sender {
	return mailer.Templated{
		Next: mailer.NewHTTPSender(mailer.Config{Endpoint: cfg.MailEndpoint, APIKey: cfg.MailAPIKey, From: cfg.MailFrom}),
		Subjects: map[string]string{
			"receipt":         "Your Meterly receipt",
			"usage_threshold": "You're approaching your plan's included usage",
			"dunning_step_0":  "We couldn't process your payment",
			"dunning_step_1":  "Second attempt: payment failed",
			"dunning_step_2":  "Action required: update your card",
			"dunning_step_3":  "Final notice before suspension",
		},
	}
}

func ProvideWebhookSender(cfg config.Config) *webhooksender.Sender {
	return webhooksender.New(cfg.WebhookTimeout, 3)
}

func ProvideRedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

func ProvideAsynqClient(opt asynq.RedisClientOpt) (*asynq.Client, func()) {
	c := asynq.NewClient(opt)
	return c, func() { _ = c.Close() }
}

func ProvideSQSClient(ctx context.Context, cfg config.Config) (*sqs.Client, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion),
		awsconfig.WithRetryMaxAttempts(5))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(awsCfg), nil
}

func ProvideTaxQueue(client *sqs.Client, cfg config.Config) *sqsq.Producer {
	return sqsq.NewProducer(client, cfg.TaxQueueURL)
}

func ProvideJetStream(ctx context.Context, cfg config.Config) (jetstream.JetStream, func(), error) {
	return natsbus.Connect(ctx, cfg.NATSURL)
}

func ProvideHTTPConfig(cfg config.Config) httpapi.Config {
	return httpapi.Config{Addr: cfg.HTTPAddr, StripeWebhookSecret: cfg.StripeWebhookSecret, RequestTimeout: 25 * time.Second}
}

func ProvideHandlers(cfg httpapi.Config, signupSvc httpapi.SignupService, subs httpapi.SubscriptionService,
	credits httpapi.CreditService, invoices httpapi.InvoiceService, webhooks httpapi.WebhookService,
	stripeEvents httpapi.StripeEventService, log *slog.Logger) *httpapi.Handlers {
	return &httpapi.Handlers{
		Signup: signupSvc, Subscriptions: subs, Credits: credits, Invoices: invoices,
		Webhooks: webhooks, StripeEvents: stripeEvents, StripeSecret: cfg.StripeWebhookSecret, Log: log,
	}
}

func ProvideInvoicing(db *sqlx.DB, r *pg.Repositories, plans gormrepo.Repo[gormrepo.Plan], gw invoicing.PaymentGateway, log *slog.Logger) *invoicing.Service {
	return invoicing.NewService(invoicing.Deps{
		DB: db, Invoices: r.Invoices, Customers: r.Customers, Subs: r.Subscriptions, Payments: r.Payments,
		Usage: r.Usage, Ledger: r.Ledger, Outbox: r.Outbox, Plans: plans, Gateway: gw, Log: log,
	})
}

func ProvideAlertChecker(r *pg.Repositories, plans gormrepo.Repo[gormrepo.Plan], mail mailer.Sender) *usage.AlertChecker {
	return usage.NewAlertChecker(r.Subscriptions, r.Customers, r.Usage, plans, mail)
}

// Kafka consumers are distinct types so the injector can tell them apart.
type (
	UsageEventsConsumer  struct{ *kafkabus.Consumer }
	PeriodClosedConsumer struct{ *kafkabus.Consumer }
)

func ProvideUsageEventsConsumer(cfg config.Config, h *consumers.UsageConsumers, log *slog.Logger) UsageEventsConsumer {
	r := kafkabus.NewReader(kafkabus.ReaderConfig{Brokers: cfg.KafkaBrokers, GroupID: cfg.KafkaGroup + "-usage", Topic: consumers.TopicUsageEvents})
	return UsageEventsConsumer{kafkabus.NewConsumer("usage-events", r, h.HandleUsageEvent, log, kafkabus.WithLogging(log))}
}

func ProvidePeriodClosedConsumer(cfg config.Config, h *consumers.UsageConsumers, log *slog.Logger) PeriodClosedConsumer {
	r := kafkabus.NewReader(kafkabus.ReaderConfig{Brokers: cfg.KafkaBrokers, GroupID: cfg.KafkaGroup + "-invoicing", Topic: consumers.TopicUsagePeriodClosed})
	return PeriodClosedConsumer{kafkabus.NewConsumer("period-closed", r, h.HandlePeriodClosed, log, kafkabus.WithLogging(log))}
}

func ProvideTaskServer(opt asynq.RedisClientOpt, log *slog.Logger) *asynq.Server {
	return asynq.NewServer(opt, asynq.Config{
		Concurrency: 10,
		Queues:      map[string]int{"dunning": 3, "webhooks": 5, "default": 2},
		Logger:      nil,
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			log.WarnContext(ctx, "task error", "type", t.Type(), "err", err)
		}),
	})
}

func ProvideTaskMux(routes []taskhandlers.Route, log *slog.Logger) *asynq.ServeMux {
	return taskhandlers.NewMux(routes, taskhandlers.Logging(log))
}

func ProvideScheduler(opt asynq.RedisClientOpt) *asynq.Scheduler {
	return asynq.NewScheduler(opt, &asynq.SchedulerOpts{Location: time.UTC})
}

func ProvideTaxConsumer(client *sqs.Client, cfg config.Config, svc consumers.TaxRecalculator, log *slog.Logger) *sqsq.Consumer {
	return sqsq.NewConsumer(client, cfg.TaxQueueURL, consumers.TaxRecalcHandler(svc), log)
}
