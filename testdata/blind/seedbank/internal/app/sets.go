package app

import (
	"log/slog"
	"net/http"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/wire"

	"github.com/furrowline/seedbank/internal/jobs"
	"github.com/furrowline/seedbank/internal/notify"
	"github.com/furrowline/seedbank/internal/platform/database"
	"github.com/furrowline/seedbank/internal/platform/messaging"
	"github.com/furrowline/seedbank/internal/providers/mailer"
	"github.com/furrowline/seedbank/internal/service/donations"
	"github.com/furrowline/seedbank/internal/service/dues"
	"github.com/furrowline/seedbank/internal/service/germination"
	"github.com/furrowline/seedbank/internal/service/membership"
	"github.com/furrowline/seedbank/internal/service/shipping"
	"github.com/furrowline/seedbank/internal/store"
	"github.com/furrowline/seedbank/internal/transport/events"
	"github.com/furrowline/seedbank/internal/transport/httpapi"
)

// API is the assembled HTTP binary.
type API struct {
	Server *http.Server
	Log    *slog.Logger
}

// Worker is the assembled consumer binary.
type Worker struct {
	Router *message.Router
	Relay  *messaging.Relay
	Log    *slog.Logger
}

// Cron is the assembled batch binary.
type Cron struct {
	Jobs jobs.Table
	Log  *slog.Logger
}

// CoreSet is what every binary builds on.
var CoreSet = wire.NewSet(
	ProvideLogger, ProvideDB, ProvideMetrics,
	database.NewTransactor,
	wire.Bind(new(database.TxRunner), new(*database.Transactor)),
	ProvideWatermillLogger, ProvideBroker, ProvidePublisher,
	messaging.NewOutbox,
	store.NewMemberStore, store.NewPacketStore, store.NewLotStore, store.NewLabSampleStore,
	store.NewGerminationTestStore, store.NewDonationStore, store.NewReservationStore, store.NewLoanStore,
	store.NewShipmentStore, store.NewReturnLabelStore, store.NewInvoiceStore, store.NewPaymentStore,
	store.NewReceiptStore, store.NewProcessedStore, store.NewCatalogueStore, store.NewEmailAttemptStore,
	ProvidePaymentsClient, ProvideCourierClient, ProvideLabClient, ProvideMailerClient,
	ProvideNotifier,
	wire.Bind(new(notify.Sender), new(*mailer.Client)),
	wire.Bind(new(notify.AttemptLog), new(*store.EmailAttemptStore)),
)

// APISet assembles seedbank-api.
var APISet = wire.NewSet(
	CoreSet,
	ProvideReservations, ProvideLoans, ProvideDonations, ProvideDues, ProvideShipping, ProvideGermination,
	ProvideCommandBus,
	ProvideDonationHandlers,
	ProvideWebhookVerifiers,
	ProvideReadiness,
	ProvideHTTPServer,
	httpapi.NewMemberHandlers,
	httpapi.NewLendingHandlers,
	httpapi.NewWebhookHandlers,
	httpapi.NewRouter,
	wire.Bind(new(httpapi.PaymentEvents), new(*dues.Service)),
	wire.Bind(new(httpapi.LabResults), new(*germination.Service)),
	wire.Bind(new(httpapi.TrackingEvents), new(*shipping.Service)),
	wire.Struct(new(API), "*"),
)

// WorkerSet assembles seedbank-worker.
var WorkerSet = wire.NewSet(
	CoreSet,
	ProvideDonations, ProvideMembership, ProvideShipping, ProvideGermination,
	ProvideSubscriberFactory,
	ProvideConsumerRouter,
	messaging.NewRelay,
	events.NewLendingConsumers,
	events.NewMemberConsumers,
	wire.Bind(new(events.Shipper), new(*shipping.Service)),
	wire.Bind(new(events.Germination), new(*germination.Service)),
	wire.Bind(new(events.Inventory), new(*donations.Service)),
	wire.Bind(new(events.DuesApplier), new(*membership.Service)),
	wire.Bind(new(events.ProcessedLog), new(*store.ProcessedStore)),
	wire.Bind(new(events.DonationReader), new(*donations.Service)),
	wire.Bind(new(notify.Mailer), new(*notify.Notifier)),
	wire.Struct(new(Worker), "*"),
)

// CronSet assembles seedbank-cron.
var CronSet = wire.NewSet(
	CoreSet,
	ProvideLoans, ProvideDues, ProvideCatalogue,
	jobs.NewHoldExpirer,
	ProvideCronTable,
	wire.Struct(new(Cron), "*"),
)
