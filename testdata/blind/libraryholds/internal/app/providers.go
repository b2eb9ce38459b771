// Package app holds the wire provider sets shared by the binaries.
package app

import (
	"context"
	"database/sql"
	"log/slog"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"github.com/google/wire"
	"github.com/hibiken/asynq"

	"github.com/shelfwise-labs/branchline/internal/config"
	"github.com/shelfwise-labs/branchline/internal/httpapi"
	"github.com/shelfwise-labs/branchline/internal/platform/clock"
	"github.com/shelfwise-labs/branchline/internal/platform/ids"
	"github.com/shelfwise-labs/branchline/internal/provider/distributor"
	"github.com/shelfwise-labs/branchline/internal/provider/mailer"
	"github.com/shelfwise-labs/branchline/internal/provider/stripepay"
	"github.com/shelfwise-labs/branchline/internal/provider/transferq"
	"github.com/shelfwise-labs/branchline/internal/service/ebooks"
	"github.com/shelfwise-labs/branchline/internal/service/fines"
	"github.com/shelfwise-labs/branchline/internal/service/holds"
	"github.com/shelfwise-labs/branchline/internal/service/notify"
	"github.com/shelfwise-labs/branchline/internal/service/transfers"
	"github.com/shelfwise-labs/branchline/internal/store"
	"github.com/shelfwise-labs/branchline/internal/tasks"
	"github.com/shelfwise-labs/branchline/internal/worker"
)

// StoreSet provides the pool, the transaction helper and the repositories.
var StoreSet = wire.NewSet(
	ProvideDB,
	store.New,
	wire.Bind(new(store.TxRunner), new(*store.Store)),
	store.NewPatronRepository,
	store.NewHoldRepository,
	store.NewItemRepository,
	store.NewBranchRepository,
	store.NewTransferRepository,
	store.NewPickTaskRepository,
	store.NewMovementRepository,
	store.NewInboxRepository,
	store.NewFineRepository,
	store.NewPaymentRepository,
	store.NewLedgerRepository,
	store.NewStripeEventRepository,
	store.NewEbookRepository,
	store.NewNotificationRepository,
	store.NewOutboxRepository,
	store.NewCatalog,
	wire.Bind(new(notify.Catalog), new(*store.Catalog)),
)

// ClientSet provides the external clients.
var ClientSet = wire.NewSet(
	ProvideAWSConfig,
	ProvideSQS,
	ProvideSES,
	ProvideMailer,
	ProvidePublisher,
	ProvideAsynqClient,
	ProvideStripe,
	ProvideDistributor,
	wire.Bind(new(mailer.Sender), new(*mailer.SES)),
	wire.Bind(new(transferq.Publisher), new(*transferq.SQSPublisher)),
	wire.Bind(new(tasks.Enqueuer), new(*asynq.Client)),
	wire.Bind(new(stripepay.Gateway), new(*stripepay.Client)),
	wire.Bind(new(distributor.API), new(*distributor.Client)),
)

// ServiceSet provides the services.
var ServiceSet = wire.NewSet(
	ProvideHoldService,
	ProvideTransferService,
	ProvideFineService,
	ProvideEbookService,
	ProvideNotifyService,
)

// HTTPSet provides the echo router.
var HTTPSet = wire.NewSet(
	wire.Bind(new(httpapi.HoldService), new(*holds.Service)),
	wire.Bind(new(httpapi.TransferService), new(*transfers.Service)),
	wire.Bind(new(httpapi.FineService), new(*fines.Service)),
	wire.Bind(new(httpapi.EbookService), new(*ebooks.Service)),
	wire.Bind(new(httpapi.StripeEvents), new(*fines.Service)),
	wire.Bind(new(httpapi.DistributorEvents), new(*ebooks.Service)),
	httpapi.NewHoldHandler,
	httpapi.NewTransferHandler,
	httpapi.NewFineHandler,
	httpapi.NewEbookHandler,
	ProvideWebhookHandler,
	wire.Struct(new(httpapi.Handlers), "*"),
	httpapi.NewRouter,
)

// WorkerSet provides the asynq task mux.
var WorkerSet = wire.NewSet(
	wire.Bind(new(worker.Notifier), new(*notify.Service)),
	wire.Bind(new(worker.Autopayer), new(*fines.Service)),
	ProvideOutboxRelay,
	wire.Struct(new(worker.Handlers), "*"),
	worker.NewServeMux,
)

// ProvideLogger returns the JSON process logger.
func ProvideLogger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// ProvideDB opens the pool and returns a cleanup that closes it.
func ProvideDB(ctx context.Context, cfg config.Config) (*sql.DB, func(), error) {
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	return db, func() { _ = db.Close() }, nil
}

// ProvideAWSConfig loads credentials from the default chain.
func ProvideAWSConfig(ctx context.Context, cfg config.Config) (aws.Config, error) {
	return awsconfig.LoadDefaultConfig(ctx, awsconfig.WithRegion(cfg.AWSRegion))
}

// ProvideSQS returns the SQS client.
func ProvideSQS(c aws.Config) *sqs.Client { return sqs.NewFromConfig(c) }

// ProvideSES returns the SES v2 client.
func ProvideSES(c aws.Config) *sesv2.Client { return sesv2.NewFromConfig(c) }

// ProvideMailer returns the SES sender.
func ProvideMailer(c *sesv2.Client, cfg config.Config) *mailer.SES {
	return mailer.NewSES(c, cfg.MailFrom, cfg.MailConfigSet)
}

// ProvidePublisher returns the transfer queue publisher.
func ProvidePublisher(c *sqs.Client, cfg config.Config) *transferq.SQSPublisher {
	return transferq.NewPublisher(c, cfg.TransferQueueURL)
}

// ProvideAsynqClient returns the task client and its cleanup.
func ProvideAsynqClient(cfg config.Config) (*asynq.Client, func()) {
	c := asynq.NewClient(asynq.RedisClientOpt{Addr: cfg.RedisAddr})
	return c, func() { _ = c.Close() }
}

// ProvideStripe returns the Stripe gateway.
func ProvideStripe(cfg config.Config) *stripepay.Client {
	return stripepay.New(cfg.StripeSecretKey, cfg.StripeWebhookSecret)
}

// ProvideDistributor returns the partner API client; every attempt lands
// in the partner call log.
func ProvideDistributor(cfg config.Config, repo store.EbookRepository, log *slog.Logger) *distributor.Client {
	return distributor.New(distributor.Options{
		BaseURL:   cfg.DistributorBaseURL,
		APIKey:    cfg.DistributorAPIKey,
		LibraryID: cfg.DistributorLibraryID,
		OnAttempt: distributor.AttemptRecorder(repo, log),
		NewID:     ids.UUID(),
		Now:       clock.System(),
	})
}

// ProvideHoldService builds the hold service.
func ProvideHoldService(cfg config.Config, st *store.Store, h store.HoldRepository, p store.PatronRepository,
	log *slog.Logger) *holds.Service {
	return &holds.Service{
		Tx: st, Holds: h, Patrons: p, Log: log,
		NewID:        ids.Prefixed("hld", ids.XID()),
		Now:          clock.System(),
		MaxHolds:     cfg.MaxHoldsPerPatron,
		PickupWindow: cfg.HoldPickupWindow,
	}
}

// ProvideTransferService builds the transfer service.
func ProvideTransferService(st *store.Store, t store.TransferRepository, h store.HoldRepository,
	i store.ItemRepository, b store.BranchRepository, pk store.PickTaskRepository,
	m store.MovementRepository, in store.InboxRepository, pub transferq.Publisher, log *slog.Logger) *transfers.Service {
	return &transfers.Service{
		Tx: st, Transfers: t, Holds: h, Items: i, Branches: b, Picks: pk,
		Movements: m, Inbox: in, Publisher: pub, Log: log,
		NewID: ids.Prefixed("trf", ids.XID()),
		Now:   clock.System(),
	}
}

// ProvideFineService builds the fines service.
func ProvideFineService(cfg config.Config, st *store.Store, f store.FineRepository, p store.PaymentRepository,
	pt store.PatronRepository, l store.LedgerRepository, o store.OutboxRepository,
	gw stripepay.Gateway, log *slog.Logger) *fines.Service {
	return &fines.Service{
		Tx: st, Fines: f, Payments: p, Patrons: pt, Ledger: l, Outbox: o,
		Stripe: gw, Log: log,
		NewID:  ids.UUID(),
		NewKey: ids.UUID(),
		Now:    clock.System(),
		Policy: fines.Policy{
			Currency:            cfg.Currency,
			DailyFineCents:      cfg.DailyFineCents,
			MaxOverdueFineCents: cfg.MaxOverdueFineCents,
			AutopayMinimumCents: cfg.AutopayMinimumCents,
		},
	}
}

// ProvideEbookService builds the e-book service.
func ProvideEbookService(cfg config.Config, st *store.Store, r store.EbookRepository, p store.PatronRepository,
	api distributor.API, log *slog.Logger) *ebooks.Service {
	return &ebooks.Service{
		Tx: st, Repo: r, Patrons: p, Partner: api, Log: log,
		NewID:       ids.Prefixed("ebl", ids.UUID()),
		Now:         clock.System(),
		MaxRenewals: cfg.MaxEbookRenewals,
		PatronRef:   ebooks.HashedPatronRef(cfg.DistributorLibraryID),
	}
}

// ProvideNotifyService builds the notification service.
func ProvideNotifyService(h store.HoldRepository, p store.PatronRepository, pay store.PaymentRepository,
	n store.NotificationRepository, m mailer.Sender, cat notify.Catalog, log *slog.Logger) *notify.Service {
	return &notify.Service{
		Holds: h, Patrons: p, Payments: pay, Notifications: n, Mail: m, Catalog: cat, Log: log,
		NewID: ids.UUID(),
		Now:   clock.System(),
	}
}

// ProvideWebhookHandler builds the webhook routes.
func ProvideWebhookHandler(s httpapi.StripeEvents, log store.StripeEventRepository, d httpapi.DistributorEvents,
	cfg config.Config) *httpapi.WebhookHandler {
	return httpapi.NewWebhookHandler(s, log, d, cfg.DistributorWebhookSecret)
}

// ProvideOutboxRelay builds the outbox relay.
func ProvideOutboxRelay(o store.OutboxRepository, q tasks.Enqueuer, log *slog.Logger) *worker.OutboxRelay {
	return &worker.OutboxRelay{Outbox: o, Tasks: q, Log: log, Batch: 200}
}
