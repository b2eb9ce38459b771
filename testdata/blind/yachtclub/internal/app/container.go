// Package app builds the dig container shared by the api and worker
// binaries.
package app

import (
	"database/sql"
	"log/slog"
	"os"
	"time"

	"github.com/stripe/stripe-go/v82"
	"github.com/uptrace/bun"
	"github.com/uptrace/bun/dialect/pgdialect"
	"github.com/uptrace/bun/driver/pgdriver"
	"go.uber.org/dig"

	"github.com/tidewater-yc/clubhouse/internal/accounting"
	"github.com/tidewater-yc/clubhouse/internal/accounts"
	"github.com/tidewater-yc/clubhouse/internal/berths"
	"github.com/tidewater-yc/clubhouse/internal/config"
	"github.com/tidewater-yc/clubhouse/internal/dues"
	"github.com/tidewater-yc/clubhouse/internal/fuel"
	"github.com/tidewater-yc/clubhouse/internal/guests"
	"github.com/tidewater-yc/clubhouse/internal/jobs"
	"github.com/tidewater-yc/clubhouse/internal/membership"
	"github.com/tidewater-yc/clubhouse/internal/notify"
	"github.com/tidewater-yc/clubhouse/internal/outbox"
	"github.com/tidewater-yc/clubhouse/internal/payments"
	"github.com/tidewater-yc/clubhouse/internal/platform/idem"
	"github.com/tidewater-yc/clubhouse/internal/platform/kafka"
	"github.com/tidewater-yc/clubhouse/internal/platform/uow"
	"github.com/tidewater-yc/clubhouse/internal/regatta"
	"github.com/tidewater-yc/clubhouse/internal/statements"
	"github.com/tidewater-yc/clubhouse/internal/store"
	"github.com/tidewater-yc/clubhouse/internal/webhooks"
)

// FuelChargeKey is the key source for fuel-dock card charges.
type FuelChargeKey func() string

// Build registers every shared provider. source names the process in Kafka
// headers ("clubhouse-api", "clubhouse-worker").
func Build(source string) (*dig.Container, error) {
	c := dig.New()
	providers := []any{
		config.Load,
		newLogger,
		newDB,
		func(db *bun.DB) uow.UnitOfWork { return uow.New(db) },
		store.NewRepos,
		idem.NewKeys,
		func(db *bun.DB) (jobs.Enqueuer, error) { return jobs.NewRiverEnqueuer(db) },
		func(cfg *config.Config) payments.Gateway { return payments.NewStripeGateway(cfg.StripeSecretKey) },
		func(cfg *config.Config) accounting.Ledger {
			return accounting.New(accounting.Config{
				BaseURL: cfg.AccountingBaseURL, Token: cfg.AccountingToken, TenantID: cfg.AccountingTenantID,
			})
		},
		func(cfg *config.Config) notify.Mailer {
			return notify.NewHTTPMailer(cfg.MailBaseURL, cfg.MailAPIKey, cfg.MailFrom)
		},
		func(cfg *config.Config) notify.Texter {
			return notify.NewHTTPTexter(cfg.SMSBaseURL, cfg.SMSAccount, cfg.SMSAuthToken, cfg.SMSFrom)
		},
		func(cfg *config.Config) (kafka.Publisher, *kafka.Producer, error) {
			p, err := kafka.NewProducer(cfg.KafkaBrokers, source)
			return p, p, err
		},
		func() FuelChargeKey { return stripe.NewIdempotencyKey },
		func(cfg *config.Config) *time.Location { return cfg.Location() },
		func(cfg *config.Config) webhooks.Secrets {
			return webhooks.Secrets{Stripe: cfg.StripeWebhookSecret, Accounting: cfg.AccountingWebhookSecret}
		},

		membership.New,
		accounts.New,
		accounts.NewPaymentEvents,
		dues.New,
		berths.New,
		func(db *bun.DB, u uow.UnitOfWork, repos *store.Repos, gw payments.Gateway, key FuelChargeKey) fuel.Service {
			return fuel.New(db, u, repos, gw, key)
		},
		guests.New,
		regatta.New,
		statements.New,
		statements.NewLedgerEvents,
		webhooks.New,
		outbox.NewRelay,
	}
	for _, p := range providers {
		if err := c.Provide(p); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newDB(cfg *config.Config) *bun.DB {
	sqldb := sql.OpenDB(pgdriver.NewConnector(pgdriver.WithDSN(cfg.DatabaseURL)))
	sqldb.SetMaxOpenConns(20)
	sqldb.SetMaxIdleConns(10)
	sqldb.SetConnMaxLifetime(30 * time.Minute)
	return bun.NewDB(sqldb, pgdialect.New())
}
