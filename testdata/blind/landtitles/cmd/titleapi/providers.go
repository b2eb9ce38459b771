package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"time"

	"github.com/google/wire"
	"github.com/jmoiron/sqlx"
	"go.temporal.io/sdk/client"

	"github.com/cobaltmesa/titleworks/internal/api"
	"github.com/cobaltmesa/titleworks/internal/config"
	"github.com/cobaltmesa/titleworks/internal/httpmw"
	"github.com/cobaltmesa/titleworks/internal/platform/mysqlx"
	"github.com/cobaltmesa/titleworks/internal/platform/txm"
	"github.com/cobaltmesa/titleworks/internal/provider/notify"
	"github.com/cobaltmesa/titleworks/internal/provider/payoff"
	"github.com/cobaltmesa/titleworks/internal/provider/titleplant"
	"github.com/cobaltmesa/titleworks/internal/service/banking"
	"github.com/cobaltmesa/titleworks/internal/service/closing"
	"github.com/cobaltmesa/titleworks/internal/service/escrow"
	"github.com/cobaltmesa/titleworks/internal/service/liens"
	"github.com/cobaltmesa/titleworks/internal/service/orders"
	"github.com/cobaltmesa/titleworks/internal/service/titlesearch"
	"github.com/cobaltmesa/titleworks/internal/store"
)

var storeSet = wire.NewSet(
	provideDB,
	txm.New,
	store.NewOrderRepo,
	store.NewLienRepo,
	store.NewEscrowRepo,
	store.NewKeyRepo,
	store.NewOutboxRepo,
	store.NewClosingRepo,
	store.NewDisbursementRepo,
	store.NewWebhookEventRepo,
)

var providerSet = wire.NewSet(
	provideTitlePlant,
	providePayoffNetwork,
	provideNotify,
	provideTemporal,
	provideWorkflows,
)

var serviceSet = wire.NewSet(
	storeSet,
	providerSet,

	orders.NewService,
	wire.Bind(new(orders.Store), new(*store.OrderRepo)),
	wire.Bind(new(orders.Accounts), new(*store.EscrowRepo)),
	wire.Bind(new(orders.Outbox), new(*store.OutboxRepo)),

	titlesearch.NewService,
	provideSearchOptions,
	wire.Bind(new(titlesearch.Plant), new(*titleplant.Client)),
	wire.Bind(new(titlesearch.OrderStore), new(*store.OrderRepo)),
	wire.Bind(new(titlesearch.LienStore), new(*store.LienRepo)),

	liens.NewService,
	wire.Bind(new(liens.Store), new(*store.LienRepo)),
	wire.Bind(new(liens.Orders), new(*store.OrderRepo)),
	wire.Bind(new(liens.PayoffNetwork), new(*payoff.Client)),
	wire.Bind(new(liens.Outbox), new(*store.OutboxRepo)),

	escrow.NewService,
	wire.Bind(new(escrow.Store), new(*store.EscrowRepo)),
	wire.Bind(new(escrow.Keys), new(*store.KeyRepo)),
	wire.Bind(new(escrow.Outbox), new(*store.OutboxRepo)),

	closing.NewService,
	provideClosingOptions,
	wire.Bind(new(closing.Closings), new(*store.ClosingRepo)),
	wire.Bind(new(closing.Disbursements), new(*store.DisbursementRepo)),
	wire.Bind(new(closing.Ledger), new(*store.EscrowRepo)),
	wire.Bind(new(closing.Orders), new(*store.OrderRepo)),
	wire.Bind(new(closing.Mailer), new(*notify.Client)),
	wire.Bind(new(closing.Outbox), new(*store.OutboxRepo)),

	banking.NewWebhookService,
	wire.Bind(new(banking.EventLog), new(*store.WebhookEventRepo)),
	wire.Bind(new(banking.Disbursements), new(*store.DisbursementRepo)),
	wire.Bind(new(banking.Closings), new(*store.ClosingRepo)),
	wire.Bind(new(banking.Ledger), new(*store.EscrowRepo)),
	wire.Bind(new(banking.Outbox), new(*store.OutboxRepo)),
)

var apiSet = wire.NewSet(
	serviceSet,
	wire.Struct(new(api.Services), "*"),
	wire.Bind(new(api.OrderService), new(*orders.Service)),
	wire.Bind(new(api.SearchService), new(*titlesearch.Service)),
	wire.Bind(new(api.LienService), new(*liens.Service)),
	wire.Bind(new(api.EscrowService), new(*escrow.Service)),
	wire.Bind(new(api.ClosingService), new(*closing.Service)),
	wire.Bind(new(api.BankEventHandler), new(*banking.WebhookService)),
	wire.Bind(new(httpmw.ResponseStore), new(*store.KeyRepo)),
	provideWebhookKeys,
	api.NewRouter,
	newServer,
)

func provideDB(cfg config.Config) (*sqlx.DB, func(), error) {
	db, err := mysqlx.Open(mysqlx.Options{
		DSN: cfg.MySQLDSN, MaxOpen: 40, MaxIdle: 10, ConnMaxLifetime: 30 * time.Minute,
	})
	if err != nil {
		return nil, nil, err
	}
	return db, func() { _ = db.Close() }, nil
}

func provideTitlePlant(cfg config.Config) *titleplant.Client {
	return titleplant.New(cfg.PlantBaseURL, cfg.PlantToken)
}

func providePayoffNetwork(cfg config.Config) *payoff.Client {
	return payoff.New(cfg.PayoffBaseURL, cfg.PayoffToken)
}

func provideNotify(cfg config.Config) *notify.Client {
	return notify.New(cfg.NotifyBaseURL, cfg.NotifyToken)
}

func provideTemporal(cfg config.Config) (client.Client, func(), error) {
	c, err := client.Dial(client.Options{HostPort: cfg.TemporalHost, Namespace: cfg.TemporalNS})
	if err != nil {
		return nil, nil, err
	}
	return c, c.Close, nil
}

func provideWorkflows(c client.Client) closing.Workflows { return c }

func provideSearchOptions(cfg config.Config) titlesearch.Options {
	return titlesearch.Options{CallbackURL: cfg.PublicBaseURL + "/v1/webhooks/title-plant"}
}

func provideClosingOptions(cfg config.Config) closing.Options {
	return closing.Options{TaskQueue: cfg.ClosingQueue}
}

func provideWebhookKeys(cfg config.Config) api.WebhookKeys {
	return api.WebhookKeys{Bank: cfg.BankWebhookKey, Plant: cfg.PlantToken}
}

type server struct {
	http     *http.Server
	shutdown time.Duration
}

func newServer(cfg config.Config, h http.Handler) *server {
	return &server{
		http: &http.Server{
			Addr:              cfg.HTTPAddr,
			Handler:           h,
			ReadHeaderTimeout: 10 * time.Second,
			ReadTimeout:       30 * time.Second,
			WriteTimeout:      60 * time.Second,
		},
		shutdown: cfg.ShutdownTimeout,
	}
}

func (s *server) run(ctx context.Context) error {
	errc := make(chan error, 1)
	go func() { errc <- s.http.ListenAndServe() }()
	slog.Info("titleapi listening", "addr", s.http.Addr)
	select {
	case err := <-errc:
		return err
	case <-ctx.Done():
	}
	sctx, cancel := context.WithTimeout(context.Background(), s.shutdown)
	defer cancel()
	if err := s.http.Shutdown(sctx); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
