// Command fulfilment-worker runs the Temporal worker for order fulfilment
// workflows and their activities.
package main

import (
	"context"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/app"
	"github.com/crumbworks/ovenline/internal/config"
	"github.com/crumbworks/ovenline/internal/fulfilment"
	"github.com/crumbworks/ovenline/internal/platform/database"
	"github.com/crumbworks/ovenline/internal/platform/temporalx"
	"github.com/crumbworks/ovenline/internal/service"
	"github.com/crumbworks/ovenline/internal/store"
)

type activityDeps struct {
	fx.In

	DB         *database.DB
	Orders     *store.Orders
	Customers  *store.Customers
	Production *store.Production
	Deliveries *store.Deliveries
	Invoices   *store.Invoices
	Payments   *store.Payments
	Credits    *store.Credits
	DD         service.DirectDebit
	Card       service.CardCharger
	Mail       service.Mailer
	Now        service.Clock
}

func newActivities(d activityDeps) *fulfilment.Activities {
	return &fulfilment.Activities{
		DB:         d.DB,
		Orders:     d.Orders,
		Customers:  d.Customers,
		Production: d.Production,
		Deliveries: d.Deliveries,
		Invoices:   d.Invoices,
		Payments:   d.Payments,
		Credits:    d.Credits,
		DD:         d.DD,
		Card:       d.Card,
		Mail:       d.Mail,
		Now:        d.Now,
	}
}

func newWorker(lc fx.Lifecycle, c client.Client, cfg config.Config, acts *fulfilment.Activities) worker.Worker {
	w := worker.New(c, cfg.TaskQueue, worker.Options{
		MaxConcurrentActivityExecutionSize: 20,
	})
	w.RegisterWorkflow(fulfilment.OrderFulfilment)
	w.RegisterActivity(acts)

	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return w.Start() },
		OnStop:  func(context.Context) error { w.Stop(); return nil },
	})
	return w
}

func main() {
	fx.New(
		app.Base,
		app.Providers,
		temporalx.Module,
		fx.Provide(newActivities, newWorker),
		fx.Invoke(func(worker.Worker) {}),
	).Run()
}
