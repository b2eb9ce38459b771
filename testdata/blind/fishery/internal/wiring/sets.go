// Package wiring holds the google/wire provider sets shared by the binaries
// in cmd/.
package wiring

import (
	"log/slog"
	"os"

	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/events"
	"github.com/kelpline-systems/quotareg/internal/jobs"
	"github.com/kelpline-systems/quotareg/internal/ports"
	"github.com/kelpline-systems/quotareg/internal/providers/customs"
	"github.com/kelpline-systems/quotareg/internal/providers/notify"
	"github.com/kelpline-systems/quotareg/internal/providers/payments"
	"github.com/kelpline-systems/quotareg/internal/providers/portauth"
	"github.com/kelpline-systems/quotareg/internal/service/certificates"
	"github.com/kelpline-systems/quotareg/internal/service/fleet"
	"github.com/kelpline-systems/quotareg/internal/service/invoicing"
	"github.com/kelpline-systems/quotareg/internal/service/landings"
	"github.com/kelpline-systems/quotareg/internal/service/notifications"
	"github.com/kelpline-systems/quotareg/internal/service/observer"
	"github.com/kelpline-systems/quotareg/internal/service/payevents"
	"github.com/kelpline-systems/quotareg/internal/service/portcalls"
	"github.com/kelpline-systems/quotareg/internal/service/quota"
	"github.com/kelpline-systems/quotareg/internal/service/trips"
	"github.com/kelpline-systems/quotareg/internal/service/vessels"
	"github.com/kelpline-systems/quotareg/internal/storage"
	"github.com/kelpline-systems/quotareg/internal/storage/repos"
	"github.com/kelpline-systems/quotareg/internal/tasks"
)

// ConfigSet splits the loaded configuration into the sections providers ask
// for.
var ConfigSet = wire.NewSet(
	wire.FieldsOf(new(*config.Config),
		"HTTP", "Database", "Redis", "Kafka", "Payments", "Customs", "PortAuth", "Notify", "Fees"),
	NewLogger,
)

func NewLogger(cfg *config.Config) *slog.Logger {
	level := slog.LevelInfo
	if cfg.Env == "development" {
		level = slog.LevelDebug
	}
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: level})).With("env", cfg.Env)
}

var StorageSet = wire.NewSet(
	storage.Open,
	storage.NewUnitOfWork,
	wire.Bind(new(ports.UnitOfWork), new(*storage.UnitOfWork)),

	repos.NewVesselRepo,
	wire.Bind(new(ports.VesselRepository), new(*repos.VesselRepo)),
	repos.NewHoldingRepo,
	wire.Bind(new(ports.HoldingRepository), new(*repos.HoldingRepo)),
	repos.NewLedgerRepo,
	wire.Bind(new(ports.LedgerRepository), new(*repos.LedgerRepo)),
	repos.NewPurchaseRepo,
	wire.Bind(new(ports.PurchaseRepository), new(*repos.PurchaseRepo)),
	repos.NewTransferRepo,
	wire.Bind(new(ports.TransferRepository), new(*repos.TransferRepo)),
	repos.NewLandingRepo,
	wire.Bind(new(ports.LandingRepository), new(*repos.LandingRepo)),
	repos.NewCatchLotRepo,
	wire.Bind(new(ports.CatchLotRepository), new(*repos.CatchLotRepo)),
	repos.NewInvoiceRepo,
	wire.Bind(new(ports.InvoiceRepository), new(*repos.InvoiceRepo)),
	repos.NewPaymentAttemptRepo,
	wire.Bind(new(ports.PaymentAttemptRepository), new(*repos.PaymentAttemptRepo)),
	repos.NewObserverReportRepo,
	wire.Bind(new(ports.ObserverReportRepository), new(*repos.ObserverReportRepo)),
	repos.NewPortCallRepo,
	wire.Bind(new(ports.PortCallRepository), new(*repos.PortCallRepo)),
	repos.NewCertificateRepo,
	wire.Bind(new(ports.CertificateRepository), new(*repos.CertificateRepo)),
	repos.NewTripRepo,
	wire.Bind(new(ports.TripRepository), new(*repos.TripRepo)),
	repos.NewProcessedEventRepo,
	wire.Bind(new(ports.ProcessedEventStore), new(*repos.ProcessedEventRepo)),
	repos.NewOutboxRepo,
	wire.Bind(new(ports.OutboxRepository), new(*repos.OutboxRepo)),
)

var ProviderSet = wire.NewSet(
	payments.NewClient,
	wire.Bind(new(ports.PaymentGateway), new(*payments.Client)),
	wire.Bind(new(ports.WebhookVerifier), new(*payments.Client)),
	customs.NewClient,
	wire.Bind(new(ports.CustomsGateway), new(*customs.Client)),
	portauth.NewClient,
	wire.Bind(new(ports.BerthBooker), new(*portauth.Client)),
	notify.NewClient,
	wire.Bind(new(ports.MessageSender), new(*notify.Client)),
)

var QueueSet = wire.NewSet(
	tasks.NewClient,
	tasks.NewQueue,
	wire.Bind(new(ports.TaskQueue), new(*tasks.Queue)),
)

var ServiceSet = wire.NewSet(
	vessels.New,
	wire.Bind(new(ports.VesselService), new(*vessels.Service)),
	quota.New,
	wire.Bind(new(ports.QuotaService), new(*quota.Service)),
	landings.New,
	wire.Bind(new(ports.LandingService), new(*landings.Service)),
	portcalls.New,
	wire.Bind(new(ports.PortCallService), new(*portcalls.Service)),
	observer.New,
	wire.Bind(new(ports.ObserverService), new(*observer.Service)),
	certificates.New,
	wire.Bind(new(ports.CertificateService), new(*certificates.Service)),
	invoicing.TariffFromConfig,
	invoicing.New,
	wire.Bind(new(ports.InvoicingService), new(*invoicing.Service)),
	invoicing.NewFeeRuns,
	wire.Bind(new(ports.FeeRunService), new(*invoicing.FeeRuns)),
	payevents.New,
	wire.Bind(new(ports.PaymentEventService), new(*payevents.Service)),
	trips.New,
	wire.Bind(new(ports.TripService), new(*trips.Service)),
	fleet.New,
	wire.Bind(new(ports.FleetService), new(*fleet.Service)),
	notifications.New,
	wire.Bind(new(ports.NotificationService), new(*notifications.Service)),
)

// WorkerApp is everything registry-worker runs.
type WorkerApp struct {
	Server  *asynq.Server
	Workers *tasks.Workers
	Routes  events.TopicRoutes
	Kafka   config.Kafka
	Log     *slog.Logger
}

var WorkerSet = wire.NewSet(
	tasks.NewServer,
	tasks.NewWorkers,
	events.NewHandlers,
	events.NewTopicRoutes,
	wire.Struct(new(WorkerApp), "*"),
)

// CronApp is everything registry-cron runs.
type CronApp struct {
	Jobs jobs.Registry
	Log  *slog.Logger
}

var CronSet = wire.NewSet(
	jobs.NewOutboxRelay,
	jobs.NewRegistry,
	wire.Struct(new(CronApp), "*"),
)
