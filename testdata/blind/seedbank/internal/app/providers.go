// Package app holds the provider functions and wire sets that assemble the
// three binaries.
package app

import (
	"context"
	"log/slog"
	"net/http"
	"os"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"gorm.io/gorm"

	"github.com/furrowline/seedbank/internal/config"
	"github.com/furrowline/seedbank/internal/jobs"
	"github.com/furrowline/seedbank/internal/notify"
	"github.com/furrowline/seedbank/internal/platform/cqrs"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/idgen"
	"github.com/furrowline/seedbank/internal/platform/messaging"
	"github.com/furrowline/seedbank/internal/providers/courier"
	"github.com/furrowline/seedbank/internal/providers/germlab"
	"github.com/furrowline/seedbank/internal/providers/mailer"
	"github.com/furrowline/seedbank/internal/providers/payments"
	"github.com/furrowline/seedbank/internal/service/catalogue"
	"github.com/furrowline/seedbank/internal/service/donations"
	"github.com/furrowline/seedbank/internal/service/dues"
	"github.com/furrowline/seedbank/internal/service/germination"
	"github.com/furrowline/seedbank/internal/service/loans"
	"github.com/furrowline/seedbank/internal/service/membership"
	"github.com/furrowline/seedbank/internal/service/reservations"
	"github.com/furrowline/seedbank/internal/service/shipping"
	"github.com/furrowline/seedbank/internal/store"
	"github.com/furrowline/seedbank/internal/transport/events"
	"github.com/furrowline/seedbank/internal/transport/httpapi"
)

func ProvideLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

func ProvideDB(cfg config.Config) (*gorm.DB, func(), error) {
	return database.Open(cfg.DatabaseURL, 20)
}

func ProvideWatermillLogger(log *slog.Logger) watermill.LoggerAdapter {
	return watermill.NewSlogLogger(log)
}

func ProvideBroker(cfg config.Config, logger watermill.LoggerAdapter) (*messaging.Broker, func(), error) {
	return messaging.NewBroker(cfg.AMQPURL, logger)
}

func ProvidePublisher(b *messaging.Broker) (message.Publisher, error) { return b.Publisher() }

func ProvideSubscriberFactory(b *messaging.Broker) messaging.SubscriberFactory {
	return b.SubscriberFor
}

func ProvideMetrics() *cqrs.Metrics { return cqrs.NewMetrics("seedbank") }

// Provider clients.

func ProvidePaymentsClient(cfg config.Config) *payments.Client {
	p := cfg.Payments
	return payments.New(p.BaseURL, p.APIKey, p.WebhookSecret, p.Timeout)
}

func ProvideCourierClient(cfg config.Config) *courier.Client {
	p := cfg.Courier
	return courier.New(p.BaseURL, p.APIKey, p.WebhookSecret, p.Timeout)
}

func ProvideLabClient(cfg config.Config) *germlab.Client {
	p := cfg.Lab
	return germlab.New(p.BaseURL, p.APIKey, p.WebhookSecret, p.Timeout)
}

func ProvideMailerClient(cfg config.Config) *mailer.Client {
	return mailer.New(cfg.Mailer.BaseURL, cfg.Mailer.APIKey, cfg.Mailer.Timeout)
}

func ProvideNotifier(sender notify.Sender, attempts notify.AttemptLog, cfg config.Config, log *slog.Logger) *notify.Notifier {
	return notify.New(sender, attempts, cfg.MailFrom, log)
}

// Services. Each takes the concrete stores and clients and hands them to
// the service as the interfaces it declares.

func ProvideReservations(cfg config.Config, tx database.TxRunner, r *store.ReservationStore, p *store.PacketStore, o *messaging.Outbox) *reservations.Service {
	return reservations.NewService(tx, r, p, o, reservations.Options{HoldPeriod: cfg.HoldPeriod})
}

func ProvideLoans(tx database.TxRunner, l *store.LoanStore, lots *store.LotStore, labels *store.ReturnLabelStore,
	m *store.MemberStore, c *courier.Client, n *notify.Notifier, o *messaging.Outbox, log *slog.Logger) *loans.Service {
	return loans.NewService(loans.Deps{
		Tx: tx, Loans: l, Lots: lots, Labels: labels, Members: m, Courier: c, Mailer: n, Outbox: o, Log: log,
	}, loans.Options{
		Depot: courier.Address{
			Name: "Furrowline Seed Library — Returns", Line1: "Unit 4, Old Maltings",
			City: "Leiden", Postcode: "2312 AB", Country: "NL",
		},
		NewLotID: idgen.Prefixed("lot"),
	})
}

func ProvideDonations(tx database.TxRunner, d *store.DonationStore, lots *store.LotStore, o *messaging.Outbox) *donations.Service {
	return donations.NewService(tx, d, lots, o)
}

func ProvideDues(cfg config.Config, tx database.TxRunner, m *store.MemberStore, inv *store.InvoiceStore, pay *store.PaymentStore,
	gw *payments.Client, pub message.Publisher, n *notify.Notifier, log *slog.Logger) *dues.Service {
	return dues.NewService(tx, m, inv, pay, gw, pub, n, log, dues.Options{AmountCents: cfg.DuesAmountCents, Currency: cfg.Currency})
}

func ProvideMembership(tx database.TxRunner, m *store.MemberStore, n *notify.Notifier, log *slog.Logger) *membership.Service {
	return membership.NewService(tx, m, n, log)
}

func ProvideShipping(cfg config.Config, tx database.TxRunner, r *store.ReservationStore, s *store.ShipmentStore, l *store.LoanStore,
	m *store.MemberStore, rc *store.ReceiptStore, c *courier.Client) *shipping.Service {
	return shipping.NewService(tx, r, s, l, m, rc, c, shipping.Options{LoanPeriod: cfg.LoanPeriod})
}

func ProvideGermination(cfg config.Config, tx database.TxRunner, lots *store.LotStore, samples *store.LabSampleStore,
	tests *store.GerminationTestStore, p *store.PacketStore, pr *store.ProcessedStore, lab *germlab.Client,
	o *messaging.Outbox, log *slog.Logger) *germination.Service {
	return germination.NewService(germination.Deps{
		Tx: tx, Lots: lots, Samples: samples, Tests: tests, Packets: p, Processed: pr, Lab: lab, Outbox: o, Log: log,
	}, germination.Options{ThresholdPct: cfg.GerminationThreshold, CallbackURL: cfg.LabCallbackURL})
}

func ProvideCatalogue(s *store.CatalogueStore, n *notify.Notifier, log *slog.Logger) *catalogue.Service {
	return catalogue.NewService(s, n, log)
}

// ProvideCommandBus registers every decorated command handler on one bus.
func ProvideCommandBus(log *slog.Logger, m *cqrs.Metrics,
	rs *reservations.Service, ls *loans.Service, ds *dues.Service) *cqrs.Bus {
	bus := cqrs.NewBus()
	cqrs.Register(bus, cqrs.Standard(reservations.ReserveHandler(rs), log, m))
	cqrs.Register(bus, cqrs.Standard(reservations.ConfirmHandler(rs), log, m))
	cqrs.Register(bus, cqrs.Standard(reservations.CancelHandler(rs), log, m))
	cqrs.Register(bus, cqrs.Standard(loans.ReturnHandler(ls), log, m))
	cqrs.Register(bus, cqrs.Standard(dues.PayDuesHandler(ds), log, m))
	return bus
}

// ProvideDonationHandlers wires the grower portal with its own decorated
// handler rather than the bus.
func ProvideDonationHandlers(cfg config.Config, log *slog.Logger, m *cqrs.Metrics, s *donations.Service) *httpapi.DonationHandlers {
	return httpapi.NewDonationHandlers(cqrs.Standard(donations.RecordHandler(s), log, m), cfg.DonationPortalKey)
}

func ProvideWebhookVerifiers(p *payments.Client, l *germlab.Client, c *courier.Client) httpapi.WebhookVerifiers {
	return httpapi.WebhookVerifiers{Payments: p.ParseWebhook, Lab: l.ParseResult, Courier: c.ParseWebhook}
}

func ProvideReadiness(db *gorm.DB) httpapi.Pinger {
	return func(ctx context.Context) error { return database.Ping(ctx, db) }
}

func ProvideHTTPServer(cfg config.Config, h http.Handler) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           h,
		ReadHeaderTimeout: 5 * time.Second,
		WriteTimeout:      45 * time.Second,
	}
}

// ProvideConsumerRouter builds the watermill router from both consumer
// registration tables.
func ProvideConsumerRouter(logger watermill.LoggerAdapter, subscribe messaging.SubscriberFactory,
	lending *events.LendingConsumers, members *events.MemberConsumers) (*message.Router, error) {
	return messaging.NewRouter(logger, subscribe, lending, members)
}

func ProvideCronTable(cfg config.Config, log *slog.Logger, c *catalogue.Service, l *loans.Service, d *dues.Service, h *jobs.HoldExpirer) jobs.Table {
	return jobs.CronTable(jobs.CronDeps{Catalogue: c, Loans: l, Dues: d, Holds: h, Season: cfg.Season, Log: log})
}
