// Command api serves the public REST API and the provider webhooks.
package main

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/sqs"
	"go.temporal.io/sdk/client"
	"go.uber.org/dig"
	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/app"
	"github.com/nimbusrack/hosting/internal/billing"
	"github.com/nimbusrack/hosting/internal/catalog"
	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/httpapi"
	"github.com/nimbusrack/hosting/internal/orders"
	"github.com/nimbusrack/hosting/internal/platform/config"
	"github.com/nimbusrack/hosting/internal/platform/database"
	"github.com/nimbusrack/hosting/internal/platform/idempotency"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
	"github.com/nimbusrack/hosting/internal/providers/datacenter"
	"github.com/nimbusrack/hosting/internal/providers/payments"
	"github.com/nimbusrack/hosting/internal/providers/usagequeue"
	"github.com/nimbusrack/hosting/internal/provisioning"
	"github.com/nimbusrack/hosting/internal/servers"
	"github.com/nimbusrack/hosting/internal/volumes"
	"github.com/nimbusrack/hosting/internal/webhooks"
)

func main() {
	c := dig.New()
	app.Must(app.ProvideCore(c))
	for _, ctor := range []any{
		app.NewWatermillLogger,
		app.NewEventPublisher,
		app.NewDatacenter,
		app.NewPaymentGateway,
		app.NewSQS,
		app.NewTemporal,
		app.NewSubscriptionService,
		app.NewCollector,
		newStarter,
		newUsagePublisher,
		newCustomerService,
		newServerService,
		newVolumeService,
		newCreditService,
		newRefundService,
		billing.NewDisputeService,
		newAPI,
	} {
		app.Must(c.Provide(ctor))
	}

	if err := c.Invoke(run); err != nil {
		slog.Error("api exited", "error", err)
		os.Exit(1)
	}
}

func newStarter(tc client.Client, cfg *config.Config) *provisioning.Starter {
	return provisioning.NewStarter(tc, cfg.TemporalTaskQueue)
}

func newUsagePublisher(client *sqs.Client, cfg *config.Config) *usagequeue.Publisher {
	return usagequeue.NewPublisher(client, cfg.UsageIngestQueueURL)
}

func newCustomerService(repo *customers.Repository, gw *payments.Gateway, pub *messaging.EventPublisher) *customers.Service {
	return customers.NewService(repo, gw, pub)
}

func newServerService(db *gorm.DB, repo *servers.Repository, ord *orders.Repository, cust *customers.Repository,
	cat *catalog.Catalog, dc *datacenter.Client, st *provisioning.Starter, subs *billing.SubscriptionService) *servers.Service {
	return servers.NewService(db, repo, ord, cust, cat, dc, st, subs)
}

func newVolumeService(db *gorm.DB, repo *volumes.Repository, ord *orders.Repository, srv *servers.Repository, dc *datacenter.Client) *volumes.Service {
	return volumes.NewService(db, repo, ord, srv, dc)
}

func newCreditService(db *gorm.DB, credits *billing.CreditRepository, cust *customers.Repository) *billing.CreditService {
	return billing.NewCreditService(db, credits, cust)
}

func newRefundService(pay *billing.PaymentRepository, gw *payments.Gateway, pub *messaging.EventPublisher, log *slog.Logger) *billing.RefundService {
	return billing.NewRefundService(pay, payments.Instrument(gw, log), pub)
}

type apiDeps struct {
	dig.In

	Config    *config.Config
	Log       *slog.Logger
	DB        *gorm.DB
	Customers *customers.Repository
	Invoices  *billing.InvoiceRepository
	Servers   *servers.Repository
	Webhooks  *webhooks.Repository
	Gateway   *payments.Gateway
	Usage     *usagequeue.Publisher

	CustomerService *customers.Service
	ServerService   *servers.Service
	VolumeService   *volumes.Service
	Credits         *billing.CreditService
	Refunds         *billing.RefundService
	Collector       *billing.Collector
	Disputes        *billing.DisputeService
}

func newAPI(d apiDeps) *httpapi.API {
	return &httpapi.API{
		Config:    d.Config,
		Log:       d.Log,
		Auth:      d.Customers.IDByAPIKeyHash,
		Replay:    idempotency.NewResponseCache(d.DB),
		Customers: &httpapi.CustomerHandlers{Service: d.CustomerService},
		Servers:   &httpapi.ServerHandlers{Service: d.ServerService},
		Volumes:   &httpapi.VolumeHandlers{Service: d.VolumeService},
		Billing:   &httpapi.BillingHandlers{Collector: d.Collector, Credits: d.Credits, Invoices: d.Invoices},
		Admin:     &httpapi.AdminHandlers{Credits: d.Credits, Refunds: d.Refunds},
		Stripe:    httpapi.NewStripeWebhook(d.Gateway, d.Webhooks, d.Collector, d.Disputes, d.Log),
		DC: &httpapi.DatacenterWebhook{
			DB:      d.DB,
			Secret:  []byte(d.Config.DatacenterWebhookSecret),
			Inbox:   d.Webhooks,
			Servers: d.Servers,
			Sink:    d.Usage,
			Log:     d.Log.With("component", "dc-webhook"),
		},
	}
}

func run(cfg *config.Config, log *slog.Logger, db *gorm.DB, api *httpapi.API, pub *messaging.EventPublisher, tc client.Client) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	defer tc.Close()
	defer pub.Close()

	if err := database.Migrate(ctx, db); err != nil {
		return err
	}

	srv := &http.Server{
		Addr:              cfg.HTTPAddr,
		Handler:           api.Routes(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
	}
	errc := make(chan error, 1)
	go func() {
		log.Info("api listening", "addr", cfg.HTTPAddr)
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
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	return srv.Shutdown(shutdownCtx)
}
