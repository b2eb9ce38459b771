// Package wiring holds the google/wire provider sets shared by the binaries.
package wiring

import (
	"context"
	"log/slog"
	"os"

	"github.com/google/wire"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/docketly/efile/internal/audit"
	"github.com/docketly/efile/internal/config"
	"github.com/docketly/efile/internal/feeschedule"
	"github.com/docketly/efile/internal/httpx"
	"github.com/docketly/efile/internal/jobs"
	"github.com/docketly/efile/internal/notify"
	"github.com/docketly/efile/internal/payments"
	"github.com/docketly/efile/internal/providers/gateway"
	"github.com/docketly/efile/internal/providers/mail"
	"github.com/docketly/efile/internal/providers/processserver"
	"github.com/docketly/efile/internal/providers/sms"
	"github.com/docketly/efile/internal/service"
	"github.com/docketly/efile/internal/storage"
	"github.com/docketly/efile/internal/store"
)

// Logger returns the process logger.
func Logger() *slog.Logger {
	return slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: slog.LevelInfo}))
}

// Pool opens the database pool.
func Pool(ctx context.Context, cfg *config.Config) (*pgxpool.Pool, func(), error) {
	pool, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, nil, err
	}
	return pool, pool.Close, nil
}

// InsertOnlyRiver is a river client used only to enqueue jobs.
func InsertOnlyRiver(pool *pgxpool.Pool) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{})
}

// Transport is the shared Doer for httpx-based clients.
func Transport(cfg *config.Config) httpx.Doer {
	return httpx.NewTransport(cfg.ProviderTimeout, cfg.ProviderAttempts)
}

// Gateway builds the court gateway client.
func Gateway(cfg *config.Config) *gateway.Client {
	return gateway.New(gateway.Config{
		BaseURL:       cfg.GatewayBaseURL,
		FilerID:       cfg.GatewayFilerID,
		APIKey:        cfg.GatewayAPIKey,
		WebhookSecret: cfg.GatewayWebhookSecret,
	})
}

// ProcessServers builds the ServeNet client.
func ProcessServers(cfg *config.Config) *processserver.Client {
	return processserver.New(processserver.Config{
		BaseURL:       cfg.ServeNetBaseURL,
		Token:         cfg.ServeNetToken,
		WebhookSecret: cfg.ServeNetWebhookSecret,
	})
}

// Mail builds the e-mail client.
func Mail(cfg *config.Config, doer httpx.Doer) *mail.Client {
	return mail.New(mail.Config{BaseURL: cfg.MailBaseURL, APIKey: cfg.MailAPIKey, From: cfg.MailFrom}, doer)
}

// SMS builds the SMS client.
func SMS(cfg *config.Config, doer httpx.Doer) *sms.Client {
	return sms.New(sms.Config{
		BaseURL:    cfg.SMSBaseURL,
		AccountSID: cfg.SMSAccountSID,
		AuthToken:  cfg.SMSAuthToken,
		From:       cfg.SMSFrom,
	}, doer)
}

// Fees builds the Stripe fee processor.
func Fees(cfg *config.Config) *payments.Stripe {
	return payments.NewStripe(payments.NewStripeClient(cfg.StripeSecretKey))
}

// Signer builds the document URL signer.
func Signer(cfg *config.Config) *storage.Signer {
	return storage.NewSigner(cfg.DocsBaseURL, cfg.DocsSignSecret)
}

// Audit builds the audit recorder on the pool.
func Audit(pool *pgxpool.Pool, log *slog.Logger) *audit.Recorder {
	return audit.NewRecorder(pool, log)
}

// Base is what every binary needs.
var Base = wire.NewSet(
	Logger,
	Pool,
	store.New,
	Transport,
)

// Providers are the external clients.
var Providers = wire.NewSet(
	Gateway,
	ProcessServers,
	Mail,
	SMS,
	Fees,
	Signer,
	wire.Bind(new(service.CourtGateway), new(*gateway.Client)),
	wire.Bind(new(service.ProcessServers), new(*processserver.Client)),
	wire.Bind(new(service.Mailer), new(*mail.Client)),
	wire.Bind(new(service.Texter), new(*sms.Client)),
	wire.Bind(new(service.FeeProcessor), new(*payments.Stripe)),
	wire.Bind(new(service.DocumentURLs), new(*storage.Signer)),
)

// Services are the application services.
var Services = wire.NewSet(
	feeschedule.Default,
	wire.Bind(new(service.FeeSchedule), new(*feeschedule.Table)),
	Audit,
	notify.NewQueue,
	service.NewAuth,
	service.NewFilings,
	service.NewFees,
	service.NewServiceOfProcess,
	service.NewSubscriptions,
	service.NewPaymentEvents,
	service.NewGatewayEvents,
	service.NewServeEvents,
)

// Queue is the insert-only river client the API and cron enqueue through.
var Queue = wire.NewSet(
	InsertOnlyRiver,
	wire.Bind(new(jobs.Inserter), new(*river.Client[pgx.Tx])),
)
