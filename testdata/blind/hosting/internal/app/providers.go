// Package app holds the dig constructors shared by the binaries.
package app

import (
	"context"
	"log/slog"
	"os"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"
	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/billing"
	"github.com/nimbusrack/hosting/internal/catalog"
	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/notify"
	"github.com/nimbusrack/hosting/internal/orders"
	"github.com/nimbusrack/hosting/internal/platform/config"
	"github.com/nimbusrack/hosting/internal/platform/database"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
	"github.com/nimbusrack/hosting/internal/platform/temporalx"
	"github.com/nimbusrack/hosting/internal/providers/datacenter"
	"github.com/nimbusrack/hosting/internal/providers/mailer"
	"github.com/nimbusrack/hosting/internal/providers/payments"
	"github.com/nimbusrack/hosting/internal/servers"
	"github.com/nimbusrack/hosting/internal/usage"
	"github.com/nimbusrack/hosting/internal/volumes"
	"github.com/nimbusrack/hosting/internal/webhooks"
)

// NewLogger returns the process logger.
func NewLogger(cfg *config.Config) *slog.Logger {
	level := slog.LevelInfo
	if cfg.Env == "development" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level}))
}

// NewWatermillLogger adapts the process logger for Watermill.
func NewWatermillLogger(log *slog.Logger) watermill.LoggerAdapter { return messaging.NewLogger(log) }

// NewEventPublisher connects the Kafka publisher.
func NewEventPublisher(cfg *config.Config, wl watermill.LoggerAdapter) (*messaging.EventPublisher, error) {
	pub, err := messaging.NewPublisher(cfg, wl)
	if err != nil {
		return nil, err
	}
	return messaging.NewEventPublisher(pub), nil
}

// NewDatacenter builds the partner API client.
func NewDatacenter(cfg *config.Config, log *slog.Logger) *datacenter.Client {
	return datacenter.New(cfg.DatacenterBaseURL, cfg.DatacenterToken,
		datacenter.WithRetryMax(4),
		datacenter.WithTimeout(20*time.Second),
		datacenter.WithLogger(log.With("component", "datacenter")),
	)
}

// NewPaymentGateway builds the Stripe gateway.
func NewPaymentGateway(cfg *config.Config) *payments.Gateway {
	return payments.New(cfg.StripeSecretKey,
		payments.WithCurrency(cfg.Currency),
		payments.WithWebhookSecret(cfg.StripeWebhookSecret),
		payments.WithStatementDescriptor("NIMBUSRACK"),
	)
}

// NewMailer builds the email provider client.
func NewMailer(cfg *config.Config) *mailer.Client {
	return mailer.New(cfg.MailerBaseURL, cfg.MailerAPIKey, mailer.WithDefaultFrom(cfg.MailFrom))
}

// NewSQS builds the SQS client.
func NewSQS(cfg *config.Config) (*sqs.Client, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(context.Background(), awsconfig.WithRegion(cfg.AWSRegion))
	if err != nil {
		return nil, err
	}
	return sqs.NewFromConfig(awsCfg), nil
}

// NewTemporal dials Temporal.
func NewTemporal(cfg *config.Config, log *slog.Logger) (client.Client, error) {
	return temporalx.Dial(cfg, log)
}

// NewNotifier builds the notifier over the mailer.
func NewNotifier(db *gorm.DB, m *mailer.Client) *notify.Notifier { return notify.NewNotifier(db, m) }

// NewSubscriptionService builds the subscription service.
func NewSubscriptionService(db *gorm.DB, subs *billing.SubscriptionRepository, inv *billing.InvoiceRepository, cfg *config.Config) *billing.SubscriptionService {
	return billing.NewSubscriptionService(db, subs, inv, cfg.Currency)
}

// NewCollector builds the invoice collector.
func NewCollector(db *gorm.DB, inv *billing.InvoiceRepository, pay *billing.PaymentRepository, cust *customers.Repository,
	gw *payments.Gateway, pub *messaging.EventPublisher, log *slog.Logger) *billing.Collector {
	return billing.NewCollector(db, inv, pay, cust, payments.Instrument(gw, log), pub, log.With("component", "collector"))
}

// ProvideCore registers config, logging, the database and every repository.
func ProvideCore(c *dig.Container) error {
	for _, ctor := range []any{
		config.Load,
		NewLogger,
		database.Open,
		catalog.New,
		customers.NewRepository,
		orders.NewRepository,
		servers.NewRepository,
		volumes.NewRepository,
		usage.NewRepository,
		webhooks.NewRepository,
		billing.NewSubscriptionRepository,
		billing.NewInvoiceRepository,
		billing.NewPaymentRepository,
		billing.NewCreditRepository,
	} {
		if err := c.Provide(ctor); err != nil {
			return err
		}
	}
	return nil
}

// Must panics on a wiring error; wiring errors are programming errors.
func Must(err error) {
	if err != nil {
		panic(err)
	}
}
