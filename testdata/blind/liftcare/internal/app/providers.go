// Package app holds the google/wire provider sets for both binaries.
package app

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/wire"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/labstack/echo/v4"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/liftwell-systems/liftcare/internal/platform/bus"
	"github.com/liftwell-systems/liftcare/internal/platform/config"
	"github.com/liftwell-systems/liftcare/internal/platform/pgtx"
	"github.com/liftwell-systems/liftcare/internal/platform/queue"
	"github.com/liftwell-systems/liftcare/internal/platform/webhookguard"
	"github.com/liftwell-systems/liftcare/internal/provider/cityauth"
	"github.com/liftwell-systems/liftcare/internal/provider/mailer"
	"github.com/liftwell-systems/liftcare/internal/provider/pager"
	"github.com/liftwell-systems/liftcare/internal/provider/partsupplier"
	"github.com/liftwell-systems/liftcare/internal/repo"
	"github.com/liftwell-systems/liftcare/internal/service/billing"
	"github.com/liftwell-systems/liftcare/internal/service/callout"
	"github.com/liftwell-systems/liftcare/internal/service/certification"
	"github.com/liftwell-systems/liftcare/internal/service/contract"
	"github.com/liftwell-systems/liftcare/internal/service/inspection"
	"github.com/liftwell-systems/liftcare/internal/service/parts"
	"github.com/liftwell-systems/liftcare/internal/service/telemetry"
	"github.com/liftwell-systems/liftcare/internal/transport/events"
	"github.com/liftwell-systems/liftcare/internal/transport/httpapi"
	"github.com/liftwell-systems/liftcare/internal/transport/jobs"
)

// API is everything the HTTP binary runs.
type API struct {
	Echo *echo.Echo
}

// Worker is everything the worker binary runs.
type Worker struct {
	River     *river.Client[pgx.Tx]
	Consumers *events.Consumers
	JS        jetstream.JetStream
}

// InfraSet provides the database, queue and bus plumbing.
var InfraSet = wire.NewSet(
	ProvidePool,
	pgtx.NewManager,
	queue.NewInsertOnly,
	ProvideNATS,
	ProvideJetStream,
	bus.NewJetStreamPublisher,
	wire.Bind(new(bus.Publisher), new(*bus.JetStreamPublisher)),
)

// PartnerSet provides the external partner clients.
var PartnerSet = wire.NewSet(
	ProvidePartsSupplier,
	ProvideCityAuthority,
	ProvidePager,
	ProvideMailer,
)

// RepoSet provides the repositories.
var RepoSet = wire.NewSet(
	repo.NewCallouts,
	repo.NewInspections,
	repo.NewParts,
	repo.NewCertificates,
	repo.NewBilling,
	repo.NewContracts,
	repo.NewTelemetry,
	billing.NewLedger,
)

// ServiceSet provides the decorated services.
var ServiceSet = wire.NewSet(
	ProvideCalloutService,
	ProvideInspectionService,
	ProvidePartsService,
	ProvideCertificationService,
	ProvideBillingService,
	ProvideContractService,
	ProvideTelemetryService,
)

// APISet builds an API.
var APISet = wire.NewSet(
	InfraSet, PartnerSet, RepoSet, ServiceSet,
	ProvideSupplierGuard,
	ProvideWebhookSecrets,
	wire.Struct(new(httpapi.Handlers), "*"),
	httpapi.NewServer,
	wire.Struct(new(API), "*"),
)

// WorkerSet builds a Worker.
var WorkerSet = wire.NewSet(
	InfraSet, PartnerSet, RepoSet, ServiceSet,
	wire.Struct(new(jobs.Deps), "*"),
	jobs.NewWorkers,
	ProvideRiverClient,
	events.NewConsumers,
	wire.Struct(new(Worker), "*"),
)

// ProvidePool opens the pgx pool.
func ProvidePool(ctx context.Context, cfg config.Config) (*pgxpool.Pool, func(), error) {
	pc, err := pgxpool.ParseConfig(cfg.DatabaseURL)
	if err != nil {
		return nil, nil, fmt.Errorf("parse database url: %w", err)
	}
	pc.MaxConns = 20
	pc.MaxConnIdleTime = 5 * time.Minute
	pool, err := pgxpool.NewWithConfig(ctx, pc)
	if err != nil {
		return nil, nil, err
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, nil, fmt.Errorf("ping database: %w", err)
	}
	return pool, pool.Close, nil
}

// ProvideNATS connects to NATS.
func ProvideNATS(cfg config.Config, log *slog.Logger) (*nats.Conn, func(), error) {
	nc, err := nats.Connect(cfg.NATSURL,
		nats.Name("liftcare"),
		nats.MaxReconnects(-1),
		nats.DisconnectErrHandler(func(_ *nats.Conn, err error) { log.Warn("nats disconnected", "err", err) }),
		nats.ReconnectHandler(func(c *nats.Conn) { log.Info("nats reconnected", "url", c.ConnectedUrl()) }),
	)
	if err != nil {
		return nil, nil, fmt.Errorf("connect nats: %w", err)
	}
	return nc, func() { _ = nc.Drain() }, nil
}

// ProvideJetStream returns the JetStream context.
func ProvideJetStream(nc *nats.Conn) (jetstream.JetStream, error) {
	return jetstream.New(nc)
}

// ProvideRiverClient builds the executing River client of the worker.
func ProvideRiverClient(pool *pgxpool.Pool, workers *river.Workers, cfg config.Config, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{
		Logger: log.With("component", "river"),
		Queues: map[string]river.QueueConfig{
			river.QueueDefault: {MaxWorkers: cfg.WorkerConcurrency},
		},
		Workers:      workers,
		PeriodicJobs: jobs.PeriodicJobs(time.Now),
		MaxAttempts:  12,
	})
}

func ProvidePartsSupplier(cfg config.Config, log *slog.Logger) *partsupplier.Client {
	return partsupplier.New(cfg.SupplierBaseURL, cfg.SupplierAPIKey, log)
}

func ProvideCityAuthority(cfg config.Config) *cityauth.Client {
	return cityauth.New(cfg.CityAuthorityURL,
		cityauth.WithAPIKey(cfg.CityAuthorityKey),
		cityauth.WithOperatorNumber(cfg.CityOperatorNumber),
		cityauth.WithTimeout(30*time.Second),
	)
}

func ProvidePager(cfg config.Config) *pager.Client {
	return pager.New(cfg.PagerURL, cfg.PagerToken)
}

func ProvideMailer(cfg config.Config) *mailer.Client {
	return mailer.New(cfg.MailerURL, cfg.MailerToken)
}

func ProvideSupplierGuard(pool *pgxpool.Pool) httpapi.DeliveryGuard {
	return webhookguard.New(pool, "partsdirect")
}

func ProvideWebhookSecrets(cfg config.Config) httpapi.WebhookSecrets {
	return httpapi.WebhookSecrets{Supplier: cfg.WebhookSecretSupplier, City: cfg.WebhookSecretCity}
}

func ProvideCalloutService(r *repo.Callouts, p *pager.Client, q *queue.RiverEnqueuer, pub bus.Publisher, tx *pgtx.Manager, log *slog.Logger) callout.Service {
	return callout.WithLogging(callout.New(r, p, q, pub, tx, callout.Options{}), log)
}

func ProvideInspectionService(r *repo.Inspections, city *cityauth.Client, p *pager.Client, q *queue.RiverEnqueuer, tx *pgtx.Manager, log *slog.Logger) inspection.Service {
	return inspection.WithLogging(inspection.New(r, city, p, q, tx), log)
}

func ProvidePartsService(r *repo.Parts, sup *partsupplier.Client, q *queue.RiverEnqueuer, tx *pgtx.Manager, log *slog.Logger) parts.Service {
	return parts.WithLogging(parts.New(r, sup, q, tx, parts.Config{}), log)
}

func ProvideCertificationService(r *repo.Certificates, city *cityauth.Client, q *queue.RiverEnqueuer, tx *pgtx.Manager, cfg config.Config, log *slog.Logger) certification.Service {
	return certification.WithLogging(certification.New(r, city, q, tx, cfg.CityOperatorNumber), log)
}

func ProvideBillingService(r *repo.Billing, m *mailer.Client, log *slog.Logger) billing.Service {
	return billing.WithLogging(billing.New(r, m), log)
}

func ProvideContractService(r *repo.Contracts, ledger *billing.Ledger, tx *pgtx.Manager, log *slog.Logger) contract.Service {
	fees := contract.Fees{
		SetupCents:   map[string]int64{"basic": 25000, "comprehensive": 45000},
		RenewalCents: map[string]int64{"basic": 9500, "comprehensive": 15000},
	}
	return contract.WithLogging(contract.New(r, ledger, tx, fees), log)
}

func ProvideTelemetryService(r *repo.Telemetry, q *queue.RiverEnqueuer, tx *pgtx.Manager, log *slog.Logger) telemetry.Service {
	return telemetry.WithLogging(telemetry.New(r, q, tx), log)
}
