// Command api serves the installs HTTP API and partner webhooks.
package main

import (
	"context"
	"database/sql"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"

	"github.com/sunrail/installs/internal/clients/distributor"
	"github.com/sunrail/installs/internal/clients/lending"
	"github.com/sunrail/installs/internal/clients/payments"
	"github.com/sunrail/installs/internal/clients/utility"
	"github.com/sunrail/installs/internal/contracts"
	"github.com/sunrail/installs/internal/customers"
	"github.com/sunrail/installs/internal/equipment"
	"github.com/sunrail/installs/internal/financing"
	"github.com/sunrail/installs/internal/httpapi"
	"github.com/sunrail/installs/internal/interconnect"
	"github.com/sunrail/installs/internal/invoicing"
	"github.com/sunrail/installs/internal/payouts"
	"github.com/sunrail/installs/internal/permits"
	"github.com/sunrail/installs/internal/platform/config"
	"github.com/sunrail/installs/internal/platform/database"
	"github.com/sunrail/installs/internal/platform/events"
	"github.com/sunrail/installs/internal/platform/idempotency"
	"github.com/sunrail/installs/internal/platform/webhooks"
	"github.com/sunrail/installs/internal/projects"
	"github.com/sunrail/installs/internal/quotes"
	"github.com/sunrail/installs/internal/scheduling"
)

type stripeHook struct {
	*payments.Gateway
	*invoicing.StripeEvents
}

type shipmentHook struct {
	*distributor.Client
	*equipment.Service
}

type ptoHook struct {
	*utility.Client
	*interconnect.Service
}

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	c := buildContainer()
	if err := c.Invoke(run); err != nil {
		slog.Error("api exited", "err", err)
		os.Exit(1)
	}
}

func buildContainer() *dig.Container {
	c := dig.New()
	must := func(err error) {
		if err != nil {
			panic(err)
		}
	}

	// Platform.
	must(c.Provide(config.Load))
	must(c.Provide(func(cfg config.Config) (*sql.DB, error) {
		return database.Open(database.Config{DSN: cfg.DSN, MaxOpenConns: 20, MaxIdleConns: 10, ConnMaxLifetime: 30 * time.Minute})
	}))
	must(c.Provide(func(db *sql.DB) database.DBTX { return db }))
	must(c.Provide(database.NewTxManager))
	must(c.Provide(func() watermill.LoggerAdapter { return watermill.NewSlogLogger(slog.Default()) }))
	must(c.Provide(events.NewOutbox))
	must(c.Provide(func(o *events.Outbox) events.Publisher { return o }))
	must(c.Provide(idempotency.NewStore))
	must(c.Provide(webhooks.NewLedger))
	must(c.Provide(func(cfg config.Config) (client.Client, error) {
		return client.Dial(client.Options{HostPort: cfg.TemporalHostPort, Namespace: cfg.TemporalNamespace})
	}))

	// Provider clients.
	must(c.Provide(func(cfg config.Config) *payments.Gateway {
		return payments.NewGateway(cfg.StripeKey, cfg.StripeWebhookSecret)
	}))
	must(c.Provide(func(cfg config.Config) *lending.Client {
		return lending.New(lending.Config{BaseURL: cfg.LendingBaseURL, APIKey: cfg.LendingAPIKey})
	}))
	must(c.Provide(func(cfg config.Config) *distributor.Client {
		return distributor.New(cfg.DistributorBaseURL, cfg.DistributorAPIKey, cfg.DistributorHookKey)
	}))
	must(c.Provide(func(cfg config.Config) *utility.Client {
		return utility.New(cfg.UtilityBaseURL, cfg.UtilityAPIKey, cfg.UtilityHookToken)
	}))

	// Repositories.
	must(c.Provide(customers.NewRepository))
	must(c.Provide(quotes.NewRepository))
	must(c.Provide(contracts.NewRepository))
	must(c.Provide(financing.NewRepository))
	must(c.Provide(projects.NewRepository))
	must(c.Provide(permits.NewRepository))
	must(c.Provide(interconnect.NewRepository))
	must(c.Provide(equipment.NewRepository))
	must(c.Provide(equipment.NewInventoryRepository))
	must(c.Provide(scheduling.NewRepository))
	must(c.Provide(invoicing.NewRepository))
	must(c.Provide(payouts.NewRepository))
	must(c.Provide(payouts.NewBalanceLedger))

	// Services.
	must(c.Provide(func(r *quotes.Repository) *quotes.Service { return quotes.NewService(r) }))
	must(c.Provide(func(r *contracts.Repository, q *quotes.Repository, cu *customers.Repository, gw *payments.Gateway,
		pub events.Publisher, tx database.TxManager) *contracts.Service {
		return contracts.NewService(r, q, cu, gw, pub, tx)
	}))
	must(c.Provide(func(r *financing.Repository, l *lending.Client, cu *customers.Repository, tx database.TxManager) *financing.Service {
		return financing.NewService(r, l, r, cu, tx)
	}))
	must(c.Provide(func(r *financing.Repository, cr *contracts.Repository, l *webhooks.Ledger, pub events.Publisher,
		tx database.TxManager) *financing.FundingProcessor {
		return financing.NewFundingProcessor(r, cr, l, pub, tx)
	}))
	must(c.Provide(func(r *permits.Repository, p *projects.Repository, tc client.Client, cfg config.Config,
		pub events.Publisher) *permits.Service {
		return permits.NewService(r, p, tc, cfg.TaskQueue, pub)
	}))
	must(c.Provide(func(r *interconnect.Repository, p *projects.Repository, tc client.Client, cfg config.Config,
		pub events.Publisher, tx database.TxManager) *interconnect.Service {
		return interconnect.NewService(r, p, tc, cfg.TaskQueue, pub, tx)
	}))
	must(c.Provide(func(r *equipment.Repository, inv *equipment.InventoryRepository, p *projects.Repository,
		d *distributor.Client, pub events.Publisher, tx database.TxManager) *equipment.Service {
		return equipment.NewService(r, inv, p, d, pub, tx)
	}))
	must(c.Provide(func(r *scheduling.Repository, keys *idempotency.Store, p *projects.Repository,
		pub events.Publisher, tx database.TxManager) *scheduling.Service {
		return scheduling.NewService(r, keys, p, pub, tx)
	}))
	must(c.Provide(func(r *invoicing.Repository, cu *customers.Repository, keys *idempotency.Store, gw *payments.Gateway,
		pub events.Publisher, tx database.TxManager) *invoicing.Service {
		return invoicing.NewService(r, cu, keys, gw, pub, tx)
	}))
	must(c.Provide(func(r *invoicing.Repository, cr *contracts.Repository, pub events.Publisher, tx database.TxManager) *invoicing.StripeEvents {
		return invoicing.NewStripeEvents(r, cr, pub, tx)
	}))
	must(c.Provide(func(r *payouts.Repository, b *payouts.BalanceLedger, gw *payments.Gateway, tx database.TxManager) *payouts.Service {
		return payouts.NewService(r, b, gw, tx)
	}))

	// HTTP bindings.
	must(c.Provide(func(s *quotes.Service) httpapi.QuoteService { return s }))
	must(c.Provide(func(s *contracts.Service) httpapi.ContractService { return s }))
	must(c.Provide(func(s *financing.Service) httpapi.FinancingService { return s }))
	must(c.Provide(func(s *permits.Service) httpapi.PermitService { return s }))
	must(c.Provide(func(s *interconnect.Service) httpapi.InterconnectService { return s }))
	must(c.Provide(func(s *equipment.Service) httpapi.EquipmentService { return s }))
	must(c.Provide(func(s *scheduling.Service) httpapi.SchedulingService { return s }))
	must(c.Provide(func(s *invoicing.Service) httpapi.InvoiceService { return s }))
	must(c.Provide(func(s *payouts.Service) httpapi.PayoutService { return s }))
	must(c.Provide(func(gw *payments.Gateway, ev *invoicing.StripeEvents) httpapi.StripeWebhook {
		return stripeHook{gw, ev}
	}))
	must(c.Provide(func(p *financing.FundingProcessor) httpapi.FundingWebhook { return p }))
	must(c.Provide(func(d *distributor.Client, s *equipment.Service) httpapi.ShipmentWebhook {
		return shipmentHook{d, s}
	}))
	must(c.Provide(func(u *utility.Client, s *interconnect.Service) httpapi.PTOWebhook {
		return ptoHook{u, s}
	}))
	must(c.Provide(func(cfg config.Config) string { return cfg.LendingHookToken }, dig.Name("lender_hook_token")))
	must(c.Provide(httpapi.NewMux))
	return c
}

func run(cfg config.Config, mux *http.ServeMux, db *sql.DB, tc client.Client) error {
	defer db.Close()
	defer tc.Close()

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	ctx, stop := signal.NotifyContext(context.Background(), syscall.SIGINT, syscall.SIGTERM)
	defer stop()

	errc := make(chan error, 1)
	go func() {
		slog.Info("api listening", "addr", cfg.HTTPAddr)
		errc <- srv.ListenAndServe()
	}()
	select {
	case err := <-errc:
		if errors.Is(err, http.ErrServerClosed) {
			return nil
		}
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdown)
}
