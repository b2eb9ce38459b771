// Command worker runs the Temporal worker for the registration, transfer
// and renewal workflows.
package main

import (
	"log"
	"log/slog"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.uber.org/dig"

	"github.com/tldhouse/registrar/internal/billing"
	"github.com/tldhouse/registrar/internal/config"
	"github.com/tldhouse/registrar/internal/db"
	"github.com/tldhouse/registrar/internal/dnsmgmt"
	"github.com/tldhouse/registrar/internal/flows"
	"github.com/tldhouse/registrar/internal/mail"
	"github.com/tldhouse/registrar/internal/platform"
	"github.com/tldhouse/registrar/internal/pricing"
	"github.com/tldhouse/registrar/internal/registry"
	"github.com/tldhouse/registrar/internal/store"
)

func main() {
	c, err := newContainer()
	if err != nil {
		log.Fatal(err)
	}
	if err := c.Invoke(run); err != nil {
		log.Fatal(err)
	}
}

// activityDeps collects what the Activities struct needs.
type activityDeps struct {
	dig.In

	Cfg       *config.Config
	Tx        db.Transactor
	Orders    *store.Orders
	Domains   *store.Domains
	Transfers *store.Transfers
	Contacts  *store.Contacts
	Accounts  *store.Accounts
	Renewals  *store.Renewals
	Invoices  *store.Invoices
	Notices   *store.Notifications
	Billing   *billing.Service
	Registry  *registry.Client
	Zones     *dnsmgmt.Service
	Prices    *pricing.Table
	Mail      mail.Sender
	Templates mail.Templates
}

func newActivities(d activityDeps) *flows.Activities {
	return &flows.Activities{
		Tx:        d.Tx,
		Orders:    d.Orders,
		Domains:   d.Domains,
		Transfers: d.Transfers,
		Contacts:  d.Contacts,
		Accounts:  d.Accounts,
		Renewals:  d.Renewals,
		Invoices:  d.Invoices,
		Notices:   d.Notices,
		Billing:   d.Billing,
		Registry:  d.Registry,
		Zones:     d.Zones,
		Prices:    d.Prices,
		Mail:      d.Mail,
		Templates: d.Templates,
		DefaultNS: d.Cfg.DNS.DefaultNS,
	}
}

func newContainer(opts ...dig.Option) (*dig.Container, error) {
	c := dig.New(opts...)
	if err := platform.ProvideCommon(c); err != nil {
		return nil, err
	}
	for _, ctor := range []any{
		flows.Dial,
		platform.NewBilling,
		platform.DefaultZoneRecords,
		platform.NewDNSService,
		newActivities,
	} {
		if err := c.Provide(ctor); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func run(cfg *config.Config, tc client.Client, acts *flows.Activities, log *slog.Logger) error {
	defer tc.Close()
	w := worker.New(tc, cfg.Temporal.TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 50,
	})
	flows.Register(w, acts)
	log.Info("worker started", "queue", cfg.Temporal.TaskQueue)
	return w.Run(worker.InterruptCh())
}
