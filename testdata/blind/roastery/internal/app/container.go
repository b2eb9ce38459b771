// Package app wires the process with go.uber.org/dig. Each binary builds the
// container and invokes only what it runs.
package app

import (
	"context"
	"log/slog"
	"net/http"
	"os"

	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"go.uber.org/dig"
	"gorm.io/gorm"

	"github.com/ridgeline-coffee/roastery/internal/audit"
	appconfig "github.com/ridgeline-coffee/roastery/internal/config"
	"github.com/ridgeline-coffee/roastery/internal/db"
	"github.com/ridgeline-coffee/roastery/internal/decorators"
	"github.com/ridgeline-coffee/roastery/internal/events"
	"github.com/ridgeline-coffee/roastery/internal/greencoffee"
	"github.com/ridgeline-coffee/roastery/internal/grpcapi"
	"github.com/ridgeline-coffee/roastery/internal/loyalty"
	"github.com/ridgeline-coffee/roastery/internal/metrics"
	"github.com/ridgeline-coffee/roastery/internal/providers/httpx"
	"github.com/ridgeline-coffee/roastery/internal/providers/importer"
	"github.com/ridgeline-coffee/roastery/internal/providers/ledger"
	"github.com/ridgeline-coffee/roastery/internal/providers/mailer"
	"github.com/ridgeline-coffee/roastery/internal/providers/payments"
	"github.com/ridgeline-coffee/roastery/internal/providers/shiplabel"
	"github.com/ridgeline-coffee/roastery/internal/receivables"
	"github.com/ridgeline-coffee/roastery/internal/refunds"
	"github.com/ridgeline-coffee/roastery/internal/roasting"
	"github.com/ridgeline-coffee/roastery/internal/shipping"
	"github.com/ridgeline-coffee/roastery/internal/subscriptions"
	"github.com/ridgeline-coffee/roastery/internal/wholesale"
)

// Build returns a container with every constructor provided. Nothing is
// connected until something is invoked.
func Build() (*dig.Container, error) {
	c := dig.New()
	steps := []func(*dig.Container) error{
		provideInfra,
		provideProviders,
		provideServices,
		decorateServices,
	}
	for _, step := range steps {
		if err := step(c); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func provideInfra(c *dig.Container) error {
	ctors := []any{
		appconfig.Load,
		func() *slog.Logger {
			return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
		},
		func(cfg appconfig.Config) (*gorm.DB, error) { return db.Open(cfg.DatabaseURL) },
		metrics.NewExpvar,
		func(gdb *gorm.DB, log *slog.Logger) audit.Recorder { return audit.NewDBRecorder(gdb, log) },
		func(cfg appconfig.Config) (*nats.Conn, error) {
			return nats.Connect(cfg.NATSURL, nats.Name("roastery"), nats.MaxReconnects(-1))
		},
		func(nc *nats.Conn) (jetstream.JetStream, error) { return jetstream.New(nc) },
		func(js jetstream.JetStream) events.Publisher { return events.NewJetStreamPublisher(js) },
		events.NewRelay,
		events.NewRunner,
		func(cfg appconfig.Config) (*sqs.Client, error) {
			awsCfg, err := config.LoadDefaultConfig(context.Background(), config.WithRegion(cfg.AWSRegion))
			if err != nil {
				return nil, err
			}
			return sqs.NewFromConfig(awsCfg), nil
		},
	}
	for _, ctor := range ctors {
		if err := c.Provide(ctor); err != nil {
			return err
		}
	}
	return nil
}

func provideProviders(c *dig.Container) error {
	common := func(cfg appconfig.Config, rec audit.Recorder) []httpx.Option {
		return []httpx.Option{
			httpx.WithHTTPClient(&http.Client{Timeout: cfg.ProviderTimeout}),
			httpx.WithAudit(rec),
		}
	}
	ctors := []any{
		func(cfg appconfig.Config, rec audit.Recorder) payments.Gateway {
			return payments.New(cfg.PaymentsBaseURL, cfg.PaymentsAPIKey, common(cfg, rec)...)
		},
		func(cfg appconfig.Config, rec audit.Recorder) shiplabel.Purchaser {
			return shiplabel.New(cfg.LabelsBaseURL, cfg.LabelsAPIKey, common(cfg, rec)...)
		},
		func(cfg appconfig.Config, rec audit.Recorder) importer.Trader {
			return importer.New(cfg.ImporterBaseURL, cfg.ImporterAPIKey, common(cfg, rec)...)
		},
		func(cfg appconfig.Config, rec audit.Recorder) ledger.Invoicer {
			return ledger.New(cfg.LedgerBaseURL, cfg.LedgerAPIKey, common(cfg, rec)...)
		},
		func(cfg appconfig.Config, rec audit.Recorder) mailer.Sender {
			return mailer.New(cfg.MailerBaseURL, cfg.MailerAPIKey, "Ridgeline Coffee <hello@ridgeline.coffee>", common(cfg, rec)...)
		},
	}
	for _, ctor := range ctors {
		if err := c.Provide(ctor); err != nil {
			return err
		}
	}
	return nil
}

func provideServices(c *dig.Container) error {
	ctors := []any{
		wholesale.NewService,
		wholesale.NewInvoicer,
		subscriptions.NewService,
		func(gdb *gorm.DB, pg payments.Gateway, log *slog.Logger) *subscriptions.Biller {
			return subscriptions.NewBiller(gdb, pg, log)
		},
		greencoffee.NewService,
		roasting.NewService,
		roasting.NewReceiver,
		shipping.NewService,
		loyalty.NewService,
		loyalty.NewAwarder,
		func(gdb *gorm.DB, pg payments.Gateway, cfg appconfig.Config, log *slog.Logger) refunds.Service {
			return refunds.NewService(gdb, pg, refunds.Config{InstantLimitCents: cfg.InstantRefundLimitCents}, log)
		},
		refunds.NewExecutor,
		func(gdb *gorm.DB, m mailer.Sender, cfg appconfig.Config, log *slog.Logger) *receivables.Collector {
			return receivables.NewCollector(gdb, m, receivables.Config{
				ReminderInterval: cfg.ReminderInterval,
				LateFeeCents:     cfg.LateFeeCents,
			}, log)
		},
		func(r roasting.Service, log *slog.Logger) *grpcapi.Server {
			return &grpcapi.Server{Roasting: r, Log: log}
		},
	}
	for _, ctor := range ctors {
		if err := c.Provide(ctor); err != nil {
			return err
		}
	}
	return nil
}

// decorateServices wraps the service interfaces with logging and metrics.
func decorateServices(c *dig.Container) error {
	decs := []any{
		func(s wholesale.Service, log *slog.Logger, m metrics.Recorder) wholesale.Service {
			return decorators.MeteredWholesale{Next: decorators.LoggingWholesale{Next: s, Log: log}, M: m}
		},
		func(s subscriptions.Service, log *slog.Logger) subscriptions.Service {
			return decorators.LoggingSubscriptions{Next: s, Log: log}
		},
		func(s refunds.Service, log *slog.Logger) refunds.Service {
			return decorators.LoggingRefunds{Next: s, Log: log}
		},
		func(s loyalty.Service, log *slog.Logger) loyalty.Service {
			return decorators.LoggingLoyalty{Next: s, Log: log}
		},
		func(s roasting.Service, m metrics.Recorder) roasting.Service {
			return decorators.MeteredRoasting{Next: s, M: m}
		},
	}
	for _, d := range decs {
		if err := c.Decorate(d); err != nil {
			return err
		}
	}
	return nil
}

// Migrate applies the embedded schema.
func Migrate(ctx context.Context, c *dig.Container) error {
	return c.Invoke(func(gdb *gorm.DB) error { return db.Migrate(ctx, gdb) })
}
