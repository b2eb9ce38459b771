package app

import (
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/google/wire"

	"github.com/quadhall/housing/internal/api"
	"github.com/quadhall/housing/internal/contractorstatus"
	"github.com/quadhall/housing/internal/cronjobs"
	"github.com/quadhall/housing/internal/housing"
	"github.com/quadhall/housing/internal/jobs"
	"github.com/quadhall/housing/internal/maintenance"
	"github.com/quadhall/housing/internal/mealplan"
	"github.com/quadhall/housing/internal/metrics"
	"github.com/quadhall/housing/internal/moveout"
	"github.com/quadhall/housing/internal/providers/cardproc"
	"github.com/quadhall/housing/internal/providers/locksmith"
	"github.com/quadhall/housing/internal/providers/mailer"
	"github.com/quadhall/housing/internal/providers/pager"
	"github.com/quadhall/housing/internal/providers/payouts"
	"github.com/quadhall/housing/internal/providers/worknet"
	"github.com/quadhall/housing/internal/refunds"
	"github.com/quadhall/housing/internal/store"
	"github.com/quadhall/housing/internal/webhooks"
	"github.com/quadhall/housing/internal/workers"
)

// BaseSet is needed by every binary: config fields, logging, metrics and
// the database.
var BaseSet = wire.NewSet(
	wire.FieldsOf(new(Config),
		"Database", "CardProc", "Payouts", "WorkNet", "Pager", "Locksmith", "Mailer",
		"ContractorQueue", "Deposit", "MealPlanLimits", "Site", "StudentServicesEmail"),
	ProvideLogger,
	metrics.NewExpvar,
	wire.Bind(new(metrics.Recorder), new(*metrics.Expvar)),
	ProvideDB,
	store.New,
	ProvideQuerier,
	wire.Bind(new(store.Transactor), new(*store.Store)),
	jobs.NewRiverEnqueuer,
	wire.Bind(new(jobs.Enqueuer), new(*jobs.RiverEnqueuer)),
)

// ProviderClientSet builds every outbound provider client on the shared
// HTTP client.
var ProviderClientSet = wire.NewSet(
	ProvideHTTPClient,
	cardproc.New,
	payouts.New,
	worknet.New,
	pager.New,
	locksmith.New,
	mailer.New,
)

// ServiceSet builds the domain services and binds provider clients to the
// interfaces they consume.
var ServiceSet = wire.NewSet(
	ProviderClientSet,
	housing.NewService,
	wire.Bind(new(housing.CardCharger), new(*cardproc.Client)),
	mealplan.NewService,
	wire.Bind(new(mealplan.Charger), new(*cardproc.Client)),
	wire.Struct(new(maintenance.Deps), "*"),
	maintenance.NewService,
	wire.Bind(new(maintenance.Network), new(*worknet.Client)),
	wire.Bind(new(maintenance.Pager), new(*pager.Client)),
	wire.Bind(new(maintenance.Payer), new(*payouts.Client)),
	moveout.NewService,
	wire.Bind(new(moveout.CardCharger), new(*cardproc.Client)),
	wire.Bind(new(moveout.LockBooker), new(*locksmith.Client)),
	refunds.NewService,
	wire.Bind(new(refunds.Transferer), new(*payouts.Client)),
)

// APISet builds the HTTP server.
var APISet = wire.NewSet(
	ServiceSet,
	ProvideInsertOnlyRiver,
	wire.Struct(new(api.Services), "*"),
	ProvideBus,
	webhooks.NewCardHandler,
	wire.Bind(new(webhooks.SignatureVerifier), new(*cardproc.Client)),
	wire.Bind(new(webhooks.RefundApplier), new(*mealplan.Service)),
	webhooks.NewPayoutHandler,
	wire.Bind(new(webhooks.EventParser), new(*payouts.Client)),
	wire.Bind(new(webhooks.TransferOutcomes), new(*refunds.Service)),
	api.NewServer,
)

// WorkerSet builds the River worker client.
var WorkerSet = wire.NewSet(
	ServiceSet,
	wire.Struct(new(workers.Deps), "*"),
	wire.Bind(new(workers.Sender), new(*mailer.Client)),
	workers.NewBundle,
	workers.Register,
	ProvideWorkingRiver,
)

// ConsumerSet builds the contractor-status SQS consumer.
var ConsumerSet = wire.NewSet(
	ProvideInsertOnlyRiver,
	ProvideSQS,
	wire.Bind(new(contractorstatus.SQSAPI), new(*sqs.Client)),
	contractorstatus.NewProcessor,
	wire.Bind(new(contractorstatus.MessageHandler), new(*contractorstatus.Processor)),
	contractorstatus.NewConsumer,
)

// CronSet builds the nightly job registry.
var CronSet = wire.NewSet(
	ProvideInsertOnlyRiver,
	cronjobs.NewTermCloser,
	cronjobs.NewBankDetailsReminders,
	cronjobs.NewRegistry,
)
