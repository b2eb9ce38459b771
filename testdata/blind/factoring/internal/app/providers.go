// Package app holds the dependency-injection provider sets shared by the
// binaries.
package app

import (
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/ThreeDotsLabs/watermill/pubsub/gochannel"
	"github.com/google/wire"

	"github.com/kestrelfin/factoring/internal/api"
	"github.com/kestrelfin/factoring/internal/config"
	"github.com/kestrelfin/factoring/internal/notify"
	"github.com/kestrelfin/factoring/internal/platform/database"
	"github.com/kestrelfin/factoring/internal/platform/logging"
	"github.com/kestrelfin/factoring/internal/processor"
	"github.com/kestrelfin/factoring/internal/provider/bankapi"
	"github.com/kestrelfin/factoring/internal/provider/bureau"
	"github.com/kestrelfin/factoring/internal/provider/mailer"
	"github.com/kestrelfin/factoring/internal/provider/openbanking"
	"github.com/kestrelfin/factoring/internal/provider/postal"
	"github.com/kestrelfin/factoring/internal/repo"
	"github.com/kestrelfin/factoring/internal/service"
	"github.com/kestrelfin/factoring/internal/worker"
)

func NewBankClient(cfg config.Config) *bankapi.Client {
	return bankapi.New(
		bankapi.WithBaseURL(cfg.Bank.BaseURL),
		bankapi.WithAPIKey(cfg.Bank.APIKey),
		bankapi.WithTimeout(cfg.Bank.Timeout),
		bankapi.WithSourceAccount(cfg.CollectionAccountID),
	)
}

func NewOpenBankingClient(cfg config.Config) *openbanking.Client {
	return openbanking.New(cfg.OpenBanking.BaseURL,
		openbanking.WithCredentials("kestrel-factoring", cfg.OpenBanking.APIKey),
		openbanking.WithTimeout(cfg.OpenBanking.Timeout),
		openbanking.WithCreditor(cfg.PlatformIBAN, "Kestrel Trade Finance Ltd"),
		openbanking.WithRedirectURL("https://pay.kestrel-finance.example/done"),
	)
}

func NewBureauClient(cfg config.Config) *bureau.Client {
	return bureau.New(cfg.Bureau.BaseURL,
		bureau.WithAPIKey(cfg.Bureau.APIKey),
		bureau.WithTimeout(cfg.Bureau.Timeout),
	)
}

func NewPostalClient(cfg config.Config) *postal.Client {
	return postal.New(cfg.Postal.BaseURL,
		postal.WithAPIKey(cfg.Postal.APIKey),
		postal.WithTimeout(cfg.Postal.Timeout),
		postal.WithPostageClass("first"),
	)
}

func NewMailerClient(cfg config.Config) *mailer.Client {
	return mailer.New(cfg.Mailer.BaseURL,
		mailer.WithAPIKey(cfg.Mailer.APIKey),
		mailer.WithTimeout(cfg.Mailer.Timeout),
	)
}

// NewNotifier wraps the email notifier with the environment's decorators.
func NewNotifier(cfg config.Config, m *mailer.Client, log *slog.Logger) notify.Notifier {
	n := notify.NewEmailNotifier(m, notify.DefaultTemplates())
	decorators := []notify.Decorator{notify.WithLogging(log), notify.WithTags("factoring", cfg.Env)}
	if cfg.Env != "production" {
		decorators = append(decorators, notify.WithRedirect("sandbox-inbox@kestrel-finance.example"))
	}
	return notify.Chain(n, decorators...)
}

func NewResponseCache(store repo.Store) api.ResponseCache {
	return store.Idempotency()
}

func NewSchedulerLocation(cfg config.Config) (*time.Location, error) {
	return time.LoadLocation(cfg.SchedulerTimezone)
}

// InfraSet provides logging, the database and the repository store.
var InfraSet = wire.NewSet(
	logging.New,
	database.Open,
	repo.NewStore,
	service.NewClock,
)

// ProviderSet provides the external provider clients behind the service
// ports.
var ProviderSet = wire.NewSet(
	NewBankClient,
	NewOpenBankingClient,
	NewBureauClient,
	NewPostalClient,
	NewMailerClient,
	NewNotifier,
	wire.Bind(new(service.PayoutGateway), new(*bankapi.Client)),
	wire.Bind(new(service.PaymentInitiator), new(*openbanking.Client)),
	wire.Bind(new(service.CreditBureau), new(*bureau.Client)),
	wire.Bind(new(service.LetterSender), new(*postal.Client)),
	wire.Bind(new(notify.MailSender), new(*mailer.Client)),
)

// ServiceSet provides every use case and binds it to its interface.
var ServiceSet = wire.NewSet(
	service.NewPricer,
	service.NewCreditPolicy,
	service.NewCollectionPolicy,
	service.NewSupplierService,
	service.NewCreditService,
	service.NewInvoiceService,
	service.NewFundingService,
	service.NewPayoutService,
	service.NewNoticeService,
	service.NewCollectionService,
	service.NewReconciliationService,
	service.NewSettlementService,
	service.NewFeeService,
	wire.Bind(new(service.Suppliers), new(*service.SupplierService)),
	wire.Bind(new(service.CreditChecks), new(*service.CreditService)),
	wire.Bind(new(service.Invoicing), new(*service.InvoiceService)),
	wire.Bind(new(service.Funding), new(*service.FundingService)),
	wire.Bind(new(service.Payouts), new(*service.PayoutService)),
	wire.Bind(new(service.Notices), new(*service.NoticeService)),
	wire.Bind(new(service.Collections), new(*service.CollectionService)),
	wire.Bind(new(service.Reconciliation), new(*service.ReconciliationService)),
	wire.Bind(new(service.Settlement), new(*service.SettlementService)),
	wire.Bind(new(service.Fees), new(*service.FeeService)),
)

// APISet provides the HTTP layer.
var APISet = wire.NewSet(
	NewResponseCache,
	api.NewIdempotent,
	api.NewWebhookSecrets,
	api.NewHandlers,
	api.NewRouter,
	api.NewServer,
)

// ProcessorSet provides the event processor.
var ProcessorSet = wire.NewSet(
	processor.NewWatermillLogger,
	processor.NewPubSub,
	processor.NewRelay,
	processor.NewHandlers,
	processor.ProvideRoutes,
	processor.NewRouter,
	wire.Bind(new(message.Publisher), new(*gochannel.GoChannel)),
)

// WorkerSet provides the task runner.
var WorkerSet = wire.NewSet(
	worker.NewServices,
	worker.NewRegistry,
	worker.NewRunner,
)
