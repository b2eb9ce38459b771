// Package app wires the module together with uber/dig. Every binary builds
// the same container and invokes only what it needs; dig constructs lazily,
// so the API never dials Kafka and the relay never builds a Stripe client.
package app

import (
	"context"
	"log/slog"
	"net/http"
	"os"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stripe/stripe-go/v82"
	"go.uber.org/dig"

	"github.com/northline/coachbus/internal/config"
	"github.com/northline/coachbus/internal/consumers"
	"github.com/northline/coachbus/internal/cron"
	"github.com/northline/coachbus/internal/db"
	"github.com/northline/coachbus/internal/events"
	"github.com/northline/coachbus/internal/httpapi"
	"github.com/northline/coachbus/internal/jobs"
	"github.com/northline/coachbus/internal/provider/bankpay"
	"github.com/northline/coachbus/internal/provider/partnerapi"
	"github.com/northline/coachbus/internal/provider/sms"
	"github.com/northline/coachbus/internal/provider/stripepay"
	"github.com/northline/coachbus/internal/service/boarding"
	"github.com/northline/coachbus/internal/service/booking"
	"github.com/northline/coachbus/internal/service/ops"
	"github.com/northline/coachbus/internal/service/partner"
	"github.com/northline/coachbus/internal/service/payments"
	"github.com/northline/coachbus/internal/service/shifts"
	"github.com/northline/coachbus/internal/usecase"
)

type provider struct {
	fn   any
	opts []dig.ProvideOption
}

func as(ifaces ...any) []dig.ProvideOption { return []dig.ProvideOption{dig.As(ifaces...)} }

// NewContainer registers every constructor.
func NewContainer(cfg config.Config) (*dig.Container, error) {
	c := dig.New()
	providers := []provider{
		{fn: func() config.Config { return cfg }},
		{fn: newLogger},
		{fn: newPool},
		{fn: db.NewStore},

		// providers
		{fn: func(cfg config.Config) *stripe.Client { return stripe.NewClient(cfg.StripeSecretKey) }},
		{fn: func(sc *stripe.Client, cfg config.Config) *stripepay.Client {
			return stripepay.New(sc, cfg.StripeWebhookSecret)
		}},
		{fn: func(cfg config.Config) *sms.Client { return sms.New(cfg.SMSBaseURL, cfg.SMSAPIKey, cfg.SMSSender) }},
		{fn: func(cfg config.Config) *bankpay.Client {
			return bankpay.New(cfg.BankBaseURL, cfg.BankAPIKey, cfg.BankAccountID)
		}},
		{fn: func(cfg config.Config) *partnerapi.Client { return partnerapi.New(cfg.PartnerSigningSecret) }},

		// river (insert-only; cmd/worker builds its own working client)
		{fn: func(store *db.Store, log *slog.Logger) (*jobs.Enqueuer, error) {
			client, err := jobs.NewInsertClient(store.Pool(), log)
			if err != nil {
				return nil, err
			}
			return jobs.NewEnqueuer(client), nil
		}},
		{fn: func(e *jobs.Enqueuer) booking.JobQueue { return e }},
		{fn: func(e *jobs.Enqueuer) shifts.JobQueue { return e }},
		{fn: func(e *jobs.Enqueuer) ops.Enqueuer { return e }},
		{fn: func(e *jobs.Enqueuer) cron.Enqueuer { return e }},

		// use cases
		{fn: booking.New, opts: as(new(usecase.Bookings))},
		{fn: partner.New, opts: as(new(usecase.PartnerBookings))},
		{fn: ops.New, opts: as(new(usecase.Trips))},
		{fn: boarding.New, opts: as(new(usecase.Boarding))},
		{fn: shifts.New, opts: as(new(usecase.Shifts))},
		{fn: payments.New, opts: as(new(usecase.PaymentWebhooks))},
		{fn: newHTTPHandler},

		// messaging
		{fn: func(log *slog.Logger) watermill.LoggerAdapter { return watermill.NewSlogLogger(log) }},
		{fn: func(cfg config.Config, l watermill.LoggerAdapter) (message.Publisher, error) {
			return events.NewPublisher(cfg.KafkaBrokers, l)
		}},
		{fn: func(cfg config.Config, l watermill.LoggerAdapter) events.SubscriberFactory {
			return events.NewSubscriberFactory(cfg.KafkaBrokers, l)
		}},
		{fn: func(store *db.Store, pub message.Publisher, cfg config.Config, log *slog.Logger) *events.Relay {
			return events.NewRelay(store, pub, cfg.RelayBatchSize, cfg.RelayInterval, log)
		}},
		{fn: consumers.NewInventoryProjector},
		{fn: func(store *db.Store, s *sms.Client) *consumers.SMSNotifier { return consumers.NewSMSNotifier(store, s) }},
		{fn: consumers.NewPartnerNotifier},
		{fn: consumers.NewCommissionLedger},
		{fn: consumers.NewLoyalty},
		{fn: consumers.Specs},
		{fn: newMessageRouter},

		// cron tasks
		{fn: cron.NewHoldExpirer},
		{fn: func(store *db.Store, s *sms.Client, log *slog.Logger) *cron.ReminderSender {
			return cron.NewReminderSender(store, s.Send, log)
		}},
		{fn: cron.NewPayoutSweep},
	}
	for _, p := range providers {
		if err := c.Provide(p.fn, p.opts...); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func newLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func newPool(cfg config.Config) (*pgxpool.Pool, error) {
	return pgxpool.New(context.Background(), cfg.DatabaseURL)
}

type httpParams struct {
	dig.In

	Store    *db.Store
	Log      *slog.Logger
	Bookings usecase.Bookings
	Partners usecase.PartnerBookings
	Trips    usecase.Trips
	Boarding usecase.Boarding
	Shifts   usecase.Shifts
	Webhooks usecase.PaymentWebhooks
}

func newHTTPHandler(p httpParams) http.Handler {
	return httpapi.NewRouter(httpapi.Handlers{
		Booking:     httpapi.BookingHandlers{Bookings: p.Bookings},
		Partner:     httpapi.PartnerHandlers{Partners: p.Partners},
		Ops:         httpapi.OpsHandlers{Trips: p.Trips},
		Driver:      httpapi.DriverHandlers{Boarding: p.Boarding, Shifts: p.Shifts},
		Webhook:     httpapi.WebhookHandlers{Payments: p.Webhooks},
		Idempotency: p.Store,
		Log:         p.Log,
	})
}

func newMessageRouter(
	l watermill.LoggerAdapter,
	log *slog.Logger,
	subs events.SubscriberFactory,
	pub message.Publisher,
	specs []events.HandlerSpec,
) (*message.Router, error) {
	return events.NewRouter(l, log, subs, pub, specs)
}
