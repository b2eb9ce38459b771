// Command worker runs the Temporal provisioning and cancellation workflows.
package main

import (
	"log/slog"
	"os"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.uber.org/dig"
	"gorm.io/gorm"

	"github.com/nimbusrack/hosting/internal/app"
	"github.com/nimbusrack/hosting/internal/billing"
	"github.com/nimbusrack/hosting/internal/catalog"
	"github.com/nimbusrack/hosting/internal/customers"
	"github.com/nimbusrack/hosting/internal/notify"
	"github.com/nimbusrack/hosting/internal/orders"
	"github.com/nimbusrack/hosting/internal/platform/config"
	"github.com/nimbusrack/hosting/internal/platform/messaging"
	"github.com/nimbusrack/hosting/internal/providers/datacenter"
	"github.com/nimbusrack/hosting/internal/providers/payments"
	"github.com/nimbusrack/hosting/internal/provisioning"
	"github.com/nimbusrack/hosting/internal/servers"
	"github.com/nimbusrack/hosting/internal/volumes"
)

func main() {
	c := dig.New()
	app.Must(app.ProvideCore(c))
	for _, ctor := range []any{
		app.NewWatermillLogger,
		app.NewEventPublisher,
		app.NewDatacenter,
		app.NewPaymentGateway,
		app.NewMailer,
		app.NewNotifier,
		app.NewTemporal,
		app.NewSubscriptionService,
		newActivities,
	} {
		app.Must(c.Provide(ctor))
	}
	if err := c.Invoke(run); err != nil {
		slog.Error("worker exited", "error", err)
		os.Exit(1)
	}
}

type activityDeps struct {
	dig.In

	DB            *gorm.DB
	DC            *datacenter.Client
	Catalog       *catalog.Catalog
	Orders        *orders.Repository
	Servers       *servers.Repository
	Volumes       *volumes.Repository
	Customers     *customers.Repository
	Subscriptions *billing.SubscriptionService
	Payments      *billing.PaymentRepository
	Gateway       *payments.Gateway
	Notifier      *notify.Notifier
	Events        *messaging.EventPublisher
	Log           *slog.Logger
}

func newActivities(d activityDeps) *provisioning.Activities {
	return &provisioning.Activities{
		DB:            d.DB,
		DC:            d.DC,
		Catalog:       d.Catalog,
		Orders:        d.Orders,
		Servers:       d.Servers,
		Volumes:       d.Volumes,
		Customers:     d.Customers,
		Subscriptions: d.Subscriptions,
		Payments:      d.Payments,
		Refunder:      payments.Instrument(d.Gateway, d.Log),
		Notifier:      d.Notifier,
		Events:        d.Events,
	}
}

func run(cfg *config.Config, log *slog.Logger, tc client.Client, acts *provisioning.Activities, pub *messaging.EventPublisher) error {
	defer tc.Close()
	defer pub.Close()

	w := worker.New(tc, cfg.TemporalTaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 50,
	})
	w.RegisterWorkflow(provisioning.ProvisionServerWorkflow)
	w.RegisterWorkflow(provisioning.CancelServerWorkflow)
	w.RegisterActivity(acts)

	log.Info("temporal worker starting", "task_queue", cfg.TemporalTaskQueue)
	return w.Run(worker.InterruptCh())
}
