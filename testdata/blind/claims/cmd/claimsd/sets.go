package main

import (
	"github.com/ThreeDotsLabs/watermill-amqp/v3/pkg/amqp"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/google/wire"

	"github.com/harborline/claims/internal/claims"
	"github.com/harborline/claims/internal/documents"
	"github.com/harborline/claims/internal/events"
	"github.com/harborline/claims/internal/jobs"
	"github.com/harborline/claims/internal/notify"
	"github.com/harborline/claims/internal/outbox"
	"github.com/harborline/claims/internal/payouts"
	"github.com/harborline/claims/internal/platform/txctx"
	"github.com/harborline/claims/internal/providers/brokerhook"
	"github.com/harborline/claims/internal/providers/financefeed"
	"github.com/harborline/claims/internal/providers/repairshop"
	"github.com/harborline/claims/internal/providers/s3docs"
	"github.com/harborline/claims/internal/providers/sesmail"
	"github.com/harborline/claims/internal/providers/stripepay"
	"github.com/harborline/claims/internal/repairs"
	"github.com/harborline/claims/internal/repository/pg"
	"github.com/harborline/claims/internal/reserves"
	"github.com/harborline/claims/internal/subrogation"
	"github.com/harborline/claims/internal/transport/amqpsub"
	"github.com/harborline/claims/internal/transport/httpapi"
	"github.com/harborline/claims/internal/transport/sqsconsumer"
	"github.com/harborline/claims/internal/triage"
)

// Provider sets for claimsd. The injector is in wire.go; wire_gen.go is
// generated from it.

var platformSet = wire.NewSet(
	providePool,
	provideTxManager,
	txctx.NewConn,
	outbox.NewPgWriter,
	outbox.NewRelay,
	wire.Bind(new(txctx.TxManager), new(*txctx.Manager)),
)

var repositorySet = wire.NewSet(
	pg.NewClaimRepo,
	pg.NewClaimGateway,
	pg.NewIdempotencyRepo,
	pg.NewReserveRepo,
	pg.NewPayoutRepo,
	pg.NewRepairRepo,
	pg.NewDocumentRepo,
	pg.NewSubrogationRepo,
	pg.NewWebhookRepo,
	pg.NewInboxRepo,
	pg.NewLedgerRepo,
	pg.NewNotificationRepo,
	pg.NewTriageRepo,
)

var providerSet = wire.NewSet(
	provideAWSConfig,
	provideSQSClient,
	provideS3Client,
	provideSESClient,
	provideStripe,
	provideRepairShop,
	provideBrokerHooks,
	provideFinanceFeed,
	provideMailer,
	provideDocStore,
	provideWatermillLogger,
	provideAMQPConfig,
	provideAMQPPublisher,
	events.NewWatermillPublisher,
	wire.Bind(new(message.Publisher), new(*amqp.Publisher)),
	wire.Bind(new(events.Publisher), new(*events.WatermillPublisher)),
	jobs.NewInsertClient,
	jobs.NewEnqueuer,
)

var serviceSet = wire.NewSet(
	platformSet,
	repositorySet,
	providerSet,

	claims.NewService,
	wire.Bind(new(claims.TxManager), new(*txctx.Manager)),
	wire.Bind(new(claims.Repository), new(*pg.ClaimRepo)),
	wire.Bind(new(claims.IdempotencyStore), new(*pg.IdempotencyRepo)),
	wire.Bind(new(claims.Outbox), new(*outbox.PgWriter)),
	wire.Bind(new(claims.ReserveLedger), new(*reserves.Service)),
	wire.Bind(new(claims.JobScheduler), new(*jobs.Enqueuer)),

	reserves.NewService,
	wire.Bind(new(reserves.TxManager), new(*txctx.Manager)),
	wire.Bind(new(reserves.Repository), new(*pg.ReserveRepo)),
	wire.Bind(new(reserves.Outbox), new(*outbox.PgWriter)),
	wire.Bind(new(reserves.FinanceFeed), new(*financefeed.Feed)),

	payouts.NewService,
	wire.Bind(new(payouts.TxManager), new(*txctx.Manager)),
	wire.Bind(new(payouts.Repository), new(*pg.PayoutRepo)),
	wire.Bind(new(payouts.Claims), new(*pg.ClaimGateway)),
	wire.Bind(new(payouts.Ledger), new(*pg.LedgerRepo)),
	wire.Bind(new(payouts.WebhookInbox), new(*pg.WebhookRepo)),
	wire.Bind(new(payouts.Provider), new(*stripepay.Client)),
	wire.Bind(new(payouts.Jobs), new(*jobs.Enqueuer)),
	wire.Bind(new(payouts.Outbox), new(*outbox.PgWriter)),

	repairs.NewService,
	wire.Bind(new(repairs.TxManager), new(*txctx.Manager)),
	wire.Bind(new(repairs.Repository), new(*pg.RepairRepo)),
	wire.Bind(new(repairs.Claims), new(*pg.ClaimGateway)),
	wire.Bind(new(repairs.Ledger), new(*pg.LedgerRepo)),
	wire.Bind(new(repairs.WebhookLog), new(*pg.WebhookRepo)),
	wire.Bind(new(repairs.Partner), new(*repairshop.Client)),
	wire.Bind(new(repairs.Jobs), new(*jobs.Enqueuer)),

	documents.NewService,
	wire.Bind(new(documents.TxManager), new(*txctx.Manager)),
	wire.Bind(new(documents.Repository), new(*pg.DocumentRepo)),
	wire.Bind(new(documents.Store), new(*s3docs.Store)),
	wire.Bind(new(documents.Outbox), new(*outbox.PgWriter)),

	subrogation.NewService,
	wire.Bind(new(subrogation.TxManager), new(*txctx.Manager)),
	wire.Bind(new(subrogation.Repository), new(*pg.SubrogationRepo)),
	wire.Bind(new(subrogation.Claims), new(*pg.ClaimGateway)),
	wire.Bind(new(subrogation.Ledger), new(*pg.LedgerRepo)),
	wire.Bind(new(subrogation.Inbox), new(*pg.InboxRepo)),
	wire.Bind(new(subrogation.PacketStore), new(*s3docs.Store)),

	notify.NewService,
	wire.Bind(new(notify.TxManager), new(*txctx.Manager)),
	wire.Bind(new(notify.Repository), new(*pg.NotificationRepo)),
	wire.Bind(new(notify.Recipients), new(*pg.ClaimGateway)),
	wire.Bind(new(notify.Mailer), new(*sesmail.Mailer)),
	wire.Bind(new(notify.BrokerHooks), new(*brokerhook.Client)),

	triage.NewService,
	wire.Bind(new(triage.Queue), new(*pg.TriageRepo)),
)

var transportSet = wire.NewSet(
	serviceSet,

	provideAdapter,
	httpapi.NewClaimsHandler,
	httpapi.NewReservesHandler,
	httpapi.NewPayoutsHandler,
	httpapi.NewRepairsHandler,
	httpapi.NewDocumentsHandler,
	httpapi.NewWebhooksHandler,
	wire.Struct(new(httpapi.Handlers), "*"),
	wire.Bind(new(httpapi.ClaimService), new(*claims.Service)),
	wire.Bind(new(httpapi.ReserveService), new(*reserves.Service)),
	wire.Bind(new(httpapi.PayoutService), new(*payouts.Service)),
	wire.Bind(new(httpapi.StripeVerifier), new(*stripepay.Client)),
	wire.Bind(new(httpapi.RepairService), new(*repairs.Service)),
	wire.Bind(new(httpapi.PartnerVerifier), new(*repairshop.Client)),
	wire.Bind(new(httpapi.DocumentService), new(*documents.Service)),
	provideHTTPServer,

	amqpsub.NewHandlers,
	wire.Bind(new(amqpsub.TriageService), new(*triage.Service)),
	wire.Bind(new(amqpsub.Notifier), new(*notify.Service)),
	wire.Bind(new(amqpsub.PayoutSettler), new(*payouts.Service)),
	wire.Bind(new(amqpsub.ReserveExporter), new(*reserves.Service)),
	wire.Bind(new(amqpsub.RecoveryApplier), new(*subrogation.Service)),
	wire.Bind(new(amqpsub.RecalcScheduler), new(*jobs.Enqueuer)),
	provideEventRouter,

	sqsconsumer.NewHandlers,
	wire.Bind(new(sqsconsumer.TelematicsIntake), new(*claims.Service)),
	wire.Bind(new(sqsconsumer.FeedbackRecorder), new(*notify.Service)),
	wire.Bind(new(sqsconsumer.RecoveryRecorder), new(*subrogation.Service)),
	provideSQSConsumer,

	provideJobDeps,
	jobs.NewWorkerClient,
)
