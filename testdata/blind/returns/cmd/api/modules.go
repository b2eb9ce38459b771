package main

import (
	"context"
	"log/slog"
	"net/http"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jmoiron/sqlx"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"go.uber.org/fx"

	"github.com/northwind-retail/rma/internal/config"
	"github.com/northwind-retail/rma/internal/jobs"
	"github.com/northwind-retail/rma/internal/platform/pg"
	"github.com/northwind-retail/rma/internal/provider/carrier"
	"github.com/northwind-retail/rma/internal/provider/email"
	"github.com/northwind-retail/rma/internal/provider/merchanthook"
	"github.com/northwind-retail/rma/internal/provider/orders"
	"github.com/northwind-retail/rma/internal/provider/payments"
	"github.com/northwind-retail/rma/internal/readmodel"
	"github.com/northwind-retail/rma/internal/repo"
	"github.com/northwind-retail/rma/internal/repo/pgrepo"
	"github.com/northwind-retail/rma/internal/service/labels"
	"github.com/northwind-retail/rma/internal/service/notify"
	"github.com/northwind-retail/rma/internal/service/refunds"
	"github.com/northwind-retail/rma/internal/service/returns"
	"github.com/northwind-retail/rma/internal/service/webhooks"
	transport "github.com/northwind-retail/rma/internal/transport/http"
	"github.com/northwind-retail/rma/internal/transport/http/handlers"
	"github.com/northwind-retail/rma/internal/transport/http/inbound"
)

var platformModule = fx.Module("platform",
	fx.Provide(
		newPool,
		func(pool *pgxpool.Pool) *sqlx.DB { return pg.SQLX(pool) },
		newRiverInserter,
		func(c *river.Client[pgx.Tx]) jobs.Enqueuer { return jobs.RiverEnqueuer{Client: c} },
	),
)

func newPool(lc fx.Lifecycle, cfg config.Config) (*pgxpool.Pool, error) {
	pool, err := pg.Open(context.Background(), cfg.DatabaseURL, cfg.DBMaxConns)
	if err != nil {
		return nil, err
	}
	lc.Append(fx.StopHook(pool.Close))
	return pool, nil
}

// newRiverInserter builds an insert-only river client: the API enqueues
// jobs transactionally but never works them.
func newRiverInserter(pool *pgxpool.Pool, log *slog.Logger) (*river.Client[pgx.Tx], error) {
	return river.NewClient(riverpgxv5.New(pool), &river.Config{Logger: log})
}

var repoModule = fx.Module("repositories",
	fx.Provide(
		fx.Annotate(pgrepo.NewReturns, fx.As(new(repo.Returns))),
		fx.Annotate(pgrepo.NewItems, fx.As(new(repo.Items))),
		fx.Annotate(pgrepo.NewIdempotency, fx.As(new(repo.Idempotency))),
		fx.Annotate(pgrepo.NewExchanges, fx.As(new(repo.Exchanges))),
		fx.Annotate(pgrepo.NewLabels, fx.As(new(repo.Labels))),
		fx.Annotate(pgrepo.NewCarrierEvents, fx.As(new(repo.CarrierEvents))),
		fx.Annotate(pgrepo.NewTracking, fx.As(new(repo.Tracking))),
		fx.Annotate(pgrepo.NewRefunds, fx.As(new(repo.Refunds))),
		fx.Annotate(pgrepo.NewStoreCredits, fx.As(new(repo.StoreCredits))),
		fx.Annotate(pgrepo.NewStripeEvents, fx.As(new(repo.StripeEvents))),
		fx.Annotate(pgrepo.NewEndpoints, fx.As(new(repo.Endpoints))),
		fx.Annotate(pgrepo.NewOutbox, fx.As(new(repo.Outbox))),
		fx.Annotate(pgrepo.NewAttempts, fx.As(new(repo.Attempts))),
		fx.Annotate(readmodel.New, fx.As(new(readmodel.Reader))),
	),
)

var providerModule = fx.Module("providers",
	fx.Provide(
		func(cfg config.Config) *carrier.Client {
			return carrier.NewClient(cfg.CarrierBaseURL, cfg.CarrierAPIKey, cfg.CarrierAccountID,
				carrier.WithRetryMax(3), carrier.WithUserAgent("northwind-rma-api/1.0"))
		},
		func(cfg config.Config) *payments.Stripe { return payments.NewStripe(cfg.StripeSecretKey) },
		fx.Annotate(
			func(cfg config.Config) *email.Client { return email.NewClient(cfg.EmailBaseURL, cfg.EmailAPIToken) },
			fx.As(new(email.Sender)),
		),
		func(cfg config.Config) *merchanthook.Sender { return merchanthook.NewSender(cfg.WebhookTimeout) },
		func(cfg config.Config, pool *pgxpool.Pool) *orders.AddressBook {
			return orders.NewAddressBook(cfg.OrdersBaseURL, cfg.OrdersToken, pool)
		},
	),
)

type webhookParams struct {
	fx.In
	Pool      *pgxpool.Pool
	Outbox    repo.Outbox
	Endpoints repo.Endpoints
	Attempts  repo.Attempts
	Refunds   repo.Refunds
	Returns   repo.Returns
	Jobs      jobs.Enqueuer
	Sender    *merchanthook.Sender
	Log       *slog.Logger
}

func newWebhooks(p webhookParams) *webhooks.Service {
	return webhooks.New(webhooks.Deps{
		Pool: p.Pool, Outbox: p.Outbox, Endpoints: p.Endpoints, Attempts: p.Attempts,
		Refunds: p.Refunds, Returns: p.Returns, Jobs: p.Jobs, Sender: p.Sender, Log: p.Log,
	})
}

type returnsParams struct {
	fx.In
	Cfg       config.Config
	Pool      *pgxpool.Pool
	Returns   repo.Returns
	Items     repo.Items
	Idem      repo.Idempotency
	Exchanges repo.Exchanges
	Labels    repo.Labels
	Jobs      jobs.Enqueuer
	Events    *webhooks.Service
	Notify    *notify.Service
	Log       *slog.Logger
}

func newReturns(p returnsParams) *returns.Service {
	return returns.New(returns.Deps{
		Pool: p.Pool, Returns: p.Returns, Items: p.Items, Idem: p.Idem, Exchanges: p.Exchanges,
		Labels: p.Labels, Jobs: p.Jobs, Events: p.Events, Notify: p.Notify, Log: p.Log,
		Window: p.Cfg.ReturnWindow,
	})
}

type labelsParams struct {
	fx.In
	Pool     *pgxpool.Pool
	Returns  repo.Returns
	Items    repo.Items
	Labels   repo.Labels
	Tracking repo.Tracking
	Seen     repo.CarrierEvents
	Carrier  *carrier.Client
	Address  *orders.AddressBook
	Jobs     jobs.Enqueuer
	Events   *webhooks.Service
	Notify   *notify.Service
	Log      *slog.Logger
}

func newLabels(p labelsParams) *labels.Service {
	return labels.New(labels.Deps{
		Pool: p.Pool, Returns: p.Returns, Items: p.Items, Labels: p.Labels, Tracking: p.Tracking,
		Seen: p.Seen, Carrier: p.Carrier, Address: p.Address, Jobs: p.Jobs, Events: p.Events,
		Notify: p.Notify, Log: p.Log,
	})
}

type refundsParams struct {
	fx.In
	Pool    *pgxpool.Pool
	Returns repo.Returns
	Refunds repo.Refunds
	Credits repo.StoreCredits
	Idem    repo.Idempotency
	Events  repo.StripeEvents
	Gateway *payments.Stripe
	Jobs    jobs.Enqueuer
	Publish *webhooks.Service
	Log     *slog.Logger
}

func newRefunds(p refundsParams) *refunds.Service {
	return refunds.New(refunds.Deps{
		Pool: p.Pool, Returns: p.Returns, Refunds: p.Refunds, Credits: p.Credits, Idem: p.Idem,
		Events: p.Events, Gateway: p.Gateway, Jobs: p.Jobs, Publish: p.Publish, Log: p.Log,
	})
}

var serviceModule = fx.Module("services",
	fx.Provide(
		newWebhooks,
		func(s email.Sender, cfg config.Config, log *slog.Logger) *notify.Service {
			return notify.New(s, cfg.EmailFrom, log)
		},
		newReturns,
		newLabels,
		newRefunds,
	),
)

var httpModule = fx.Module("http",
	fx.Provide(
		func(rs *returns.Service, ls *labels.Service, fs *refunds.Service, ws *webhooks.Service,
			reads readmodel.Reader, log *slog.Logger) *handlers.Handlers {
			return &handlers.Handlers{Returns: rs, Labels: ls, Refunds: fs, Webhooks: ws, Reads: reads, Log: log}
		},
		func(cfg config.Config, fs *refunds.Service, ls *labels.Service, log *slog.Logger) *inbound.Webhooks {
			return &inbound.Webhooks{
				Refunds: fs, Tracking: ls,
				StripeSecret: cfg.StripeWebhookSecret, CarrierSecret: cfg.CarrierHookKey, Log: log,
			}
		},
		func(h *handlers.Handlers, hooks *inbound.Webhooks, log *slog.Logger) http.Handler {
			return transport.NewRouter(h, hooks, log)
		},
	),
)
