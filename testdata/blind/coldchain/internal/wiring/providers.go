// Package wiring holds the google/wire providers shared by the binaries.
package wiring

import (
	"context"
	"log/slog"

	"github.com/google/wire"
	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stripe/stripe-go/v82"

	"github.com/frostline/coldchain/internal/alerting"
	"github.com/frostline/coldchain/internal/billing"
	"github.com/frostline/coldchain/internal/carrier"
	"github.com/frostline/coldchain/internal/claims"
	"github.com/frostline/coldchain/internal/customs"
	"github.com/frostline/coldchain/internal/httpapi"
	"github.com/frostline/coldchain/internal/jobs"
	"github.com/frostline/coldchain/internal/payouts"
	"github.com/frostline/coldchain/internal/platform"
	"github.com/frostline/coldchain/internal/providers/customsgw"
	"github.com/frostline/coldchain/internal/providers/fuelrail"
	"github.com/frostline/coldchain/internal/providers/haulnet"
	"github.com/frostline/coldchain/internal/providers/mailroute"
	"github.com/frostline/coldchain/internal/providers/paylane"
	"github.com/frostline/coldchain/internal/providers/textline"
	"github.com/frostline/coldchain/internal/shipment"
	"github.com/frostline/coldchain/internal/storage/postgres"
)

// InsertClient is a River client that only inserts jobs.
type InsertClient = river.Client[pgx.Tx]

// ProvidePool opens the database pool.
func ProvidePool(ctx context.Context, cfg platform.Config) (*pgxpool.Pool, func(), error) {
	pool, err := platform.NewPool(ctx, cfg)
	if err != nil {
		return nil, nil, err
	}
	return pool, pool.Close, nil
}

// ProvideInsertClient returns a River client with no workers, used to
// enqueue jobs.
func ProvideInsertClient(pool *pgxpool.Pool, log *slog.Logger) (*InsertClient, error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}

func ProvideDoer(cfg platform.Config) platform.Doer {
	return platform.NewHTTPClient(cfg)
}

// ProvideStripe returns the Stripe client. Stripe accepts an
// Idempotency-Key on every POST (params.SetIdempotencyKey); a key seen in
// the last 24 hours returns the original result.
func ProvideStripe(cfg platform.Config) *stripe.Client {
	return stripe.NewClient(cfg.StripeSecretKey)
}

func ProvidePaymentIntents(sc *stripe.Client) billing.PaymentIntents { return sc.V1PaymentIntents }
func ProvideCustomers(sc *stripe.Client) billing.Customers           { return sc.V1Customers }
func ProvidePaymentMethods(sc *stripe.Client) billing.PaymentMethods { return sc.V1PaymentMethods }
func ProvideRefunds(sc *stripe.Client) claims.Refunds                { return sc.V1Refunds }

func ProvideWebhookVerifier(cfg platform.Config) *httpapi.StripeVerifier {
	return httpapi.NewStripeVerifier(cfg.StripeWebhookSecret)
}

func ProvideHaulNet(cfg platform.Config, doer platform.Doer) *haulnet.Client {
	return haulnet.New(cfg.HaulNetBaseURL, cfg.HaulNetAPIKey, doer)
}

func ProvideCustomsGateway(cfg platform.Config, doer platform.Doer) *customsgw.Client {
	return customsgw.New(cfg.CustomsBaseURL, cfg.CustomsAPIKey, cfg.CustomsFilerCode, doer)
}

func ProvideTextline(cfg platform.Config, doer platform.Doer) *textline.Client {
	return textline.New(cfg.TextlineBaseURL, cfg.TextlineToken, cfg.TextlineFrom, doer)
}

func ProvideMailroute(cfg platform.Config, doer platform.Doer) *mailroute.Client {
	return mailroute.New(cfg.MailrouteBaseURL, cfg.MailrouteToken, doer)
}

func ProvidePaylane(cfg platform.Config, doer platform.Doer) *paylane.Client {
	return paylane.New(cfg.PaylaneBaseURL, cfg.PaylaneAPIKey, doer)
}

func ProvideFuelRail(cfg platform.Config, doer platform.Doer) *fuelrail.Client {
	return fuelrail.New(cfg.FuelRailBaseURL, cfg.FuelRailAPIKey, doer)
}

func ProvideShipmentService(repo shipment.Repository, d shipment.Dispatcher) *shipment.Service {
	return shipment.NewService(repo, d)
}

// ProvideEventRouter registers every Stripe webhook handler.
func ProvideEventRouter(log *slog.Logger, payments *billing.PaymentEvents, claimSvc *claims.Service) *billing.EventRouter {
	r := billing.NewEventRouter(log)
	payments.Register(r)
	claimSvc.Register(r.Handle)
	return r
}

// Infra provides the database, job insertion, Stripe and HTTP transport.
var Infra = wire.NewSet(
	ProvidePool,
	ProvideInsertClient,
	ProvideDoer,
	ProvideStripe,
	ProvidePaymentIntents,
	ProvideCustomers,
	ProvidePaymentMethods,
	ProvideRefunds,
	jobs.NewEnqueuer,
	wire.Bind(new(shipment.Dispatcher), new(*jobs.Enqueuer)),
	wire.Bind(new(billing.InvoiceJobs), new(*jobs.Enqueuer)),
	wire.Bind(new(claims.RefundQueue), new(*jobs.Enqueuer)),
	wire.Bind(new(payouts.PayoutQueue), new(*jobs.Enqueuer)),
)

// Providers are the outbound partner clients.
var Providers = wire.NewSet(
	ProvideHaulNet,
	ProvideCustomsGateway,
	ProvideTextline,
	ProvideMailroute,
	ProvidePaylane,
	ProvideFuelRail,
	wire.Bind(new(carrier.Partner), new(*haulnet.Client)),
	wire.Bind(new(customs.Gateway), new(*customsgw.Client)),
	wire.Bind(new(alerting.SMSSender), new(*textline.Client)),
	wire.Bind(new(alerting.Mailer), new(*mailroute.Client)),
	wire.Bind(new(billing.Mailer), new(*mailroute.Client)),
	wire.Bind(new(payouts.Transfers), new(*paylane.Client)),
	wire.Bind(new(payouts.FuelCards), new(*fuelrail.Client)),
)

// Repositories are the Postgres implementations of the service storage.
var Repositories = wire.NewSet(
	postgres.NewShipmentRepo,
	postgres.NewAlertRepo,
	postgres.NewCarrierRepo,
	postgres.NewCustomsRepo,
	postgres.NewBillingRepo,
	postgres.NewIdempotencyRepo,
	postgres.NewClaimsRepo,
	postgres.NewPayoutRepo,
	postgres.NewJobAttemptRepo,
	wire.Bind(new(shipment.Repository), new(*postgres.ShipmentRepo)),
	wire.Bind(new(alerting.Repository), new(*postgres.AlertRepo)),
	wire.Bind(new(carrier.Repository), new(*postgres.CarrierRepo)),
	wire.Bind(new(customs.Repository), new(*postgres.CustomsRepo)),
	wire.Bind(new(billing.Repository), new(*postgres.BillingRepo)),
	wire.Bind(new(billing.IdempotencyStore), new(*postgres.IdempotencyRepo)),
	wire.Bind(new(claims.Repository), new(*postgres.ClaimsRepo)),
	wire.Bind(new(payouts.Repository), new(*postgres.PayoutRepo)),
	wire.Bind(new(jobs.AttemptLog), new(*postgres.JobAttemptRepo)),
)

// Services are the domain services.
var Services = wire.NewSet(
	ProvideShipmentService,
	alerting.NewService,
	carrier.NewService,
	customs.NewService,
	billing.NewInvoiceService,
	billing.NewPaymentService,
	billing.NewPaymentEvents,
	claims.NewService,
	payouts.NewService,
)
