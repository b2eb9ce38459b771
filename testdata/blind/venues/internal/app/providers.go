// Package app holds the dig providers shared by the binaries under cmd/.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/hibiken/asynq"
	"github.com/jmoiron/sqlx"
	"go.uber.org/dig"

	"github.com/vowhall/venues/internal/config"
	"github.com/vowhall/venues/internal/consumer"
	"github.com/vowhall/venues/internal/events"
	"github.com/vowhall/venues/internal/httpapi"
	"github.com/vowhall/venues/internal/platform/dbx"
	"github.com/vowhall/venues/internal/platform/logging"
	"github.com/vowhall/venues/internal/provider/cardpay"
	"github.com/vowhall/venues/internal/provider/esign"
	"github.com/vowhall/venues/internal/provider/mailer"
	"github.com/vowhall/venues/internal/provider/vendorpo"
	"github.com/vowhall/venues/internal/scheduler"
	"github.com/vowhall/venues/internal/service"
	"github.com/vowhall/venues/internal/store"
	"github.com/vowhall/venues/internal/tasks"
	"github.com/vowhall/venues/internal/worker"
)

// Provider is a constructor plus the dig options it is registered with.
type Provider struct {
	Ctor any
	Opts []dig.ProvideOption
}

func p(ctor any, opts ...dig.ProvideOption) Provider { return Provider{Ctor: ctor, Opts: opts} }

func as(ifaces ...any) dig.ProvideOption { return dig.As(ifaces...) }

// Provide registers providers on c, stopping at the first error.
func Provide(c *dig.Container, providers ...Provider) error {
	for _, pr := range providers {
		if err := c.Provide(pr.Ctor, pr.Opts...); err != nil {
			return fmt.Errorf("provide %T: %w", pr.Ctor, err)
		}
	}
	return nil
}

// Infrastructure: configuration, logging, Postgres, Redis, pub/sub.
func Infrastructure() []Provider {
	return []Provider{
		p(config.Load),
		p(func(cfg config.Config) *slog.Logger { return logging.New(cfg.Service, cfg.LogLevel) }),
		p(func(l *slog.Logger) watermill.LoggerAdapter { return watermill.NewSlogLogger(l) }),
		p(func(cfg config.Config) (*sqlx.DB, error) {
			return dbx.Open(context.Background(), dbx.PoolConfig{
				DSN:             cfg.DatabaseURL,
				MaxOpenConns:    cfg.DBMaxOpenConns,
				MaxIdleConns:    cfg.DBMaxOpenConns / 2,
				ConnMaxLifetime: 30 * time.Minute,
			})
		}),
		p(dbx.NewTxRunner),
		p(func(cfg config.Config) asynq.RedisClientOpt { return asynq.RedisClientOpt{Addr: cfg.RedisAddr} }),
		p(func(opt asynq.RedisClientOpt) *asynq.Client { return asynq.NewClient(opt) }),
		p(tasks.NewEnqueuer, as(new(service.TaskQueue), new(consumer.InstalmentRetrier), new(scheduler.Queue))),
		p(func(db *sqlx.DB, l watermill.LoggerAdapter) (message.Publisher, error) {
			return events.NewPublisher(db, l)
		}),
		p(func(db *sqlx.DB, cfg config.Config, l watermill.LoggerAdapter) (message.Subscriber, error) {
			return events.NewSubscriber(db, cfg.ConsumerGroup, l)
		}),
		p(policyFromConfig),
	}
}

func policyFromConfig(cfg config.Config) service.Policy {
	pol := service.DefaultPolicy()
	pol.HoldDuration = cfg.HoldDuration
	pol.SignWindow = cfg.SignWindow
	pol.WaitlistOfferTTL = cfg.WaitlistOfferTTL
	pol.MainTemplate = cfg.ESignMainTemplate
	pol.AddendumTemplate = cfg.ESignAddendumTemplate
	return pol
}

// Stores: the Postgres repositories, exposed as the interfaces their
// consumers declare.
func Stores() []Provider {
	return []Provider{
		p(store.NewBookings, as(new(service.BookingStore), new(scheduler.HoldSource))),
		p(store.NewVenues, as(new(service.VenueStore))),
		p(store.NewCouples, as(new(service.CoupleStore))),
		p(store.NewPackages, as(new(service.PackageStore), new(httpapi.VendorDirectory))),
		p(store.NewInstalments, as(new(service.InstalmentStore), new(scheduler.InstalmentSource))),
		p(store.NewPayments, as(new(service.PaymentStore))),
		p(store.NewLedger, as(new(service.LedgerStore))),
		p(store.NewRefunds, as(new(service.RefundStore))),
		p(store.NewContracts, as(new(service.ContractStore))),
		p(store.NewPurchaseOrders, as(new(service.PurchaseOrderStore))),
		p(store.NewIdempotency, as(new(service.IdempotencyStore))),
		p(store.NewInbox, as(new(service.InboxStore), new(consumer.Inbox))),
		p(store.NewReminders, as(new(service.ReminderStore), new(scheduler.ReminderSource))),
		p(store.NewWaitlist, as(new(service.WaitlistStore))),
		p(store.NewAccessLog, as(new(httpapi.AccessLogger))),
	}
}

// Providers: the external API clients.
func Providers() []Provider {
	return []Provider{
		p(func(cfg config.Config) *cardpay.Client { return cardpay.New(cfg.CardpayBaseURL, cfg.CardpayAPIKey) }),
		p(func(c *cardpay.Client) service.CardProcessor { return c }),
		p(func(c *cardpay.Client) httpapi.WebhookVerifier { return c }, dig.Name("cardpay")),
		p(func(cfg config.Config) *esign.Client { return esign.New(cfg.ESignBaseURL, cfg.ESignAPIKey) }),
		p(func(c *esign.Client) service.SignatureProvider { return c }),
		p(func(c *esign.Client) httpapi.WebhookVerifier { return c }, dig.Name("esign")),
		p(func(cfg config.Config, l *slog.Logger) service.OrderGateway {
			return vendorpo.New(cfg.VendorLinkBaseURL, cfg.VendorLinkToken, l.With("client", "vendorlink"))
		}),
		p(func(cfg config.Config) service.Mailer {
			return mailer.New(cfg.PostboxBaseURL, cfg.PostboxToken, cfg.MailFrom)
		}),
		p(func(cfg config.Config) httpapi.WebhookSecrets {
			return httpapi.WebhookSecrets{Cardpay: cfg.CardpayWebhookSecret, ESign: cfg.ESignWebhookSecret}
		}),
	}
}

// Services: the use cases, exposed as the interfaces of the API, the
// consumer and the worker.
func Services() []Provider {
	return []Provider{
		p(service.NewBookings, as(new(httpapi.BookingService))),
		p(service.NewPackages, as(new(httpapi.PackageService))),
		p(service.NewBilling, as(new(httpapi.BillingService), new(consumer.BillingEvents), new(worker.Billing))),
		p(service.NewContracts, as(new(httpapi.ContractService), new(consumer.ContractEvents), new(worker.Contracts))),
		p(service.NewVendors, as(new(consumer.VendorEvents), new(consumer.OrderDispatcher))),
		p(service.NewReminders, as(new(worker.Reminders))),
		p(service.NewHolds, as(new(worker.Holds))),
	}
}

// All is every shared provider.
func All() []Provider {
	var all []Provider
	for _, group := range [][]Provider{Infrastructure(), Stores(), Providers(), Services()} {
		all = append(all, group...)
	}
	return all
}
