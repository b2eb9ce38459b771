// Package app holds the wire provider sets and the runnable App.
package app

import (
	"context"
	"log/slog"
	"net/http"
	"time"

	"github.com/gin-gonic/gin"
	"github.com/google/wire"
	"github.com/jmoiron/sqlx"
	"github.com/nats-io/nats.go/jetstream"
	"go.temporal.io/sdk/client"

	"github.com/kerfhall/makerspace/internal/accesssync"
	"github.com/kerfhall/makerspace/internal/config"
	"github.com/kerfhall/makerspace/internal/platform/dbx"
	"github.com/kerfhall/makerspace/internal/platform/ids"
	"github.com/kerfhall/makerspace/internal/platform/stream"
	"github.com/kerfhall/makerspace/internal/provider/cardproc"
	"github.com/kerfhall/makerspace/internal/provider/doorctl"
	"github.com/kerfhall/makerspace/internal/provider/notify"
	"github.com/kerfhall/makerspace/internal/repository"
	"github.com/kerfhall/makerspace/internal/repository/postgres"
	"github.com/kerfhall/makerspace/internal/service"
	"github.com/kerfhall/makerspace/internal/transport/consumers"
	"github.com/kerfhall/makerspace/internal/transport/httpapi"
)

// ProvideDB opens the Postgres pool.
func ProvideDB(ctx context.Context, cfg *config.Config) (*sqlx.DB, func(), error) {
	db, err := dbx.Open(ctx, dbx.Options{
		DSN:             cfg.DatabaseURL,
		MaxOpenConns:    cfg.DBMaxOpenConns,
		MaxIdleConns:    cfg.DBMaxIdleConns,
		ConnMaxLifetime: cfg.DBConnLifetime,
	})
	if err != nil {
		return nil, nil, err
	}
	return db, func() { _ = db.Close() }, nil
}

// ProvideJetStream connects to NATS and ensures the streams exist.
func ProvideJetStream(ctx context.Context, cfg *config.Config) (jetstream.JetStream, func(), error) {
	nc, js, err := stream.Connect(cfg.NATSURL, "makerspaced")
	if err != nil {
		return nil, nil, err
	}
	if err := stream.EnsureStreams(ctx, js); err != nil {
		nc.Close()
		return nil, nil, err
	}
	return js, func() { _ = nc.Drain() }, nil
}

// ProvideTemporal dials the Temporal frontend.
func ProvideTemporal(cfg *config.Config) (client.Client, func(), error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    slogAdapter{slog.Default()},
	})
	if err != nil {
		return nil, nil, err
	}
	return c, c.Close, nil
}

// ProvideCardProc builds the card processor client.
func ProvideCardProc(cfg *config.Config) *cardproc.Client {
	return cardproc.New(cardproc.Config{
		BaseURL:       cfg.CardProcBaseURL,
		APIKey:        cfg.CardProcAPIKey,
		WebhookSecret: cfg.CardProcWebhookSecret,
	})
}

// ProvideDoorCtl builds the door vendor client.
func ProvideDoorCtl(cfg *config.Config) *doorctl.Client {
	return doorctl.New(doorctl.Config{
		BaseURL:       cfg.DoorBaseURL,
		SiteID:        cfg.DoorSiteID,
		APIToken:      cfg.DoorAPIToken,
		WebhookSecret: cfg.DoorWebhookSecret,
	})
}

// ProvideSMS builds the SMS client.
func ProvideSMS(cfg *config.Config) *notify.SMS {
	return notify.NewSMS(notify.Config{
		BaseURL:    cfg.SMSBaseURL,
		AccountSID: cfg.SMSAccountSID,
		AuthToken:  cfg.SMSAuthToken,
		From:       cfg.SMSFrom,
	})
}

// ProvideZones exposes the equipment-class → door-zone map.
func ProvideZones(cfg *config.Config) service.ZoneMap { return service.ZoneMap(cfg.Zones) }

// ProvideIDFunc is the row id generator.
func ProvideIDFunc() service.IDFunc { return ids.NewULID }

// ProvideClock is the wall clock.
func ProvideClock() service.Clock { return func() time.Time { return time.Now().UTC() } }

// ProvidePublisher builds the JetStream publisher.
func ProvidePublisher(js jetstream.JetStream) *stream.Publisher {
	return stream.NewPublisher(js, ids.NewULID)
}

// ProvideTxManager builds the transaction manager.
func ProvideTxManager(db *sqlx.DB) *dbx.SQLTxManager { return dbx.NewTxManager(db) }

// ProvideMembershipService wires the membership service.
func ProvideMembershipService(tx dbx.TxManager, members repository.MemberRepository, accounts repository.AccountRepository,
	idem repository.IdempotencyRepository, passes repository.GuestPassRepository, door *doorctl.Client,
	zones service.ZoneMap, newID service.IDFunc, now service.Clock) *service.MembershipService {
	return service.NewMembershipService(tx, members, accounts, idem, passes, door, zones, newID, now)
}

// ProvideDuesService wires the dues service. Processor idempotency keys are UUIDs.
func ProvideDuesService(tx dbx.TxManager, members repository.MemberRepository, accounts repository.AccountRepository,
	dues repository.DuesRepository, events repository.EventRepository, access repository.AccessRepository,
	starter service.AccessSyncStarter, payments service.PaymentGateway, pub service.EventPublisher,
	newID service.IDFunc, now service.Clock) *service.DuesService {
	return service.NewDuesService(tx, members, accounts, dues, events, access, starter, payments, pub,
		newID, ids.NewUUID, now)
}

// ProvideActivities wires the Temporal activities.
func ProvideActivities(access repository.AccessRepository, bookings repository.BookingRepository,
	machines repository.MachineRepository, door *doorctl.Client, newID service.IDFunc, now service.Clock) *accesssync.Activities {
	return accesssync.NewActivities(access, bookings, machines, door, newID, ids.NewUUID, now)
}

// ProvideHTTPServices groups the services for the router.
func ProvideHTTPServices(m *service.MembershipService, b *service.BookingService, p *service.POSService,
	c *service.CertificationService, d *service.DuesService, mc *service.MachineService, a *service.AccessService) httpapi.Services {
	return httpapi.Services{Members: m, Bookings: b, POS: p, Certs: c, Dues: d, Machines: mc, Access: a}
}

// ProvideHandlers builds the HTTP handlers. Kiosk sale ids are UUIDs because
// the kiosk firmware prints them on receipts as-is.
func ProvideHandlers(svc httpapi.Services, responses *postgres.ResponseRepo, webhooks *httpapi.WebhookHandlers) *httpapi.Handlers {
	return httpapi.NewHandlers(svc, responses, webhooks, ids.NewUUID)
}

// ProvideWebhookHandlers builds the webhook handlers.
func ProvideWebhookHandlers(card *cardproc.Client, door *doorctl.Client, dues *service.DuesService,
	access *service.AccessService, now service.Clock) *httpapi.WebhookHandlers {
	return httpapi.NewWebhookHandlers(card, door, dues, access, now)
}

// ProvideHTTPServer builds the HTTP server.
func ProvideHTTPServer(cfg *config.Config, router *gin.Engine) *http.Server {
	return &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           router,
		ReadHeaderTimeout: 5 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      30 * time.Second,
	}
}

// ProvideConsumerDeps groups the services for the consumer table.
func ProvideConsumerDeps(m *service.MachineService, b *service.BookingService, d *service.DuesService,
	p *service.POSService, c *service.CertificationService) consumers.Deps {
	return consumers.Deps{Machines: m, Bookings: b, Dues: d, POS: p, Certs: c}
}

// ProvideRunner builds the JetStream consumer runner.
func ProvideRunner(js jetstream.JetStream, deps consumers.Deps) *stream.Runner {
	return stream.NewRunner(js, consumers.Routes(deps), slog.Default().With("component", "consumers"))
}

var platformSet = wire.NewSet(
	ProvideDB,
	ProvideJetStream,
	ProvideTemporal,
	ProvideTxManager,
	wire.Bind(new(dbx.TxManager), new(*dbx.SQLTxManager)),
	ProvideIDFunc,
	ProvideClock,
	ProvideZones,
	ProvidePublisher,
	wire.Bind(new(service.EventPublisher), new(*stream.Publisher)),
)

var providerSet = wire.NewSet(
	ProvideCardProc,
	ProvideDoorCtl,
	ProvideSMS,
	wire.Bind(new(service.PaymentGateway), new(*cardproc.Client)),
	wire.Bind(new(service.SMSSender), new(*notify.SMS)),
	accesssync.NewStarter,
	wire.Bind(new(service.AccessSyncStarter), new(*accesssync.Starter)),
)

var repositorySet = wire.NewSet(
	postgres.NewMemberRepo, wire.Bind(new(repository.MemberRepository), new(*postgres.MemberRepo)),
	postgres.NewAccountRepo, wire.Bind(new(repository.AccountRepository), new(*postgres.AccountRepo)),
	postgres.NewIdempotencyRepo, wire.Bind(new(repository.IdempotencyRepository), new(*postgres.IdempotencyRepo)),
	postgres.NewGuestPassRepo, wire.Bind(new(repository.GuestPassRepository), new(*postgres.GuestPassRepo)),
	postgres.NewMachineRepo, wire.Bind(new(repository.MachineRepository), new(*postgres.MachineRepo)),
	postgres.NewBookingRepo, wire.Bind(new(repository.BookingRepository), new(*postgres.BookingRepo)),
	postgres.NewReminderRepo, wire.Bind(new(repository.ReminderRepository), new(*postgres.ReminderRepo)),
	postgres.NewOverageRepo, wire.Bind(new(repository.OverageRepository), new(*postgres.OverageRepo)),
	postgres.NewMeterRepo, wire.Bind(new(repository.MeterRepository), new(*postgres.MeterRepo)),
	postgres.NewPOSRepo, wire.Bind(new(repository.POSRepository), new(*postgres.POSRepo)),
	postgres.NewCertificationRepo, wire.Bind(new(repository.CertificationRepository), new(*postgres.CertificationRepo)),
	postgres.NewAccessRepo, wire.Bind(new(repository.AccessRepository), new(*postgres.AccessRepo)),
	postgres.NewDuesRepo, wire.Bind(new(repository.DuesRepository), new(*postgres.DuesRepo)),
	postgres.NewEventRepo, wire.Bind(new(repository.EventRepository), new(*postgres.EventRepo)),
	postgres.NewProcessedMessageRepo, wire.Bind(new(repository.ProcessedMessageRepository), new(*postgres.ProcessedMessageRepo)),
	postgres.NewResponseRepo,
)

var serviceSet = wire.NewSet(
	ProvideMembershipService,
	service.NewBookingService,
	service.NewPOSService,
	service.NewCertificationService,
	ProvideDuesService,
	service.NewMachineService,
	service.NewAccessService,
)

var transportSet = wire.NewSet(
	ProvideHTTPServices,
	ProvideWebhookHandlers,
	ProvideHandlers,
	httpapi.NewRouter,
	ProvideHTTPServer,
	ProvideConsumerDeps,
	ProvideRunner,
	ProvideActivities,
	accesssync.NewWorker,
)

// Set is everything InitializeApp needs.
var Set = wire.NewSet(platformSet, providerSet, repositorySet, serviceSet, transportSet, NewApp)
