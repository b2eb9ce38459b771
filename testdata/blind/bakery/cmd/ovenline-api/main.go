// Command ovenline-api serves the Ovenline HTTP API.
package main

import (
	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/api"
	"github.com/crumbworks/ovenline/internal/app"
	"github.com/crumbworks/ovenline/internal/events"
	"github.com/crumbworks/ovenline/internal/fulfilment"
	"github.com/crumbworks/ovenline/internal/platform/natsx"
	"github.com/crumbworks/ovenline/internal/platform/temporalx"
	"github.com/crumbworks/ovenline/internal/service"
	"github.com/crumbworks/ovenline/internal/store"
)

func main() {
	fx.New(
		app.Base,
		app.Providers,
		natsx.Module,
		temporalx.Module,
		fx.Provide(
			fx.Annotate(events.NewPublisher, fx.As(new(service.EventPublisher))),
			fx.Annotate(fulfilment.NewStarter, fx.As(new(service.FulfilmentStarter))),
			func(r *store.Idempotency) api.ResponseStore { return r },

			fx.Annotate(service.NewOrders, fx.As(new(api.OrderService))),
			fx.Annotate(service.NewStandingOrders, fx.As(new(api.StandingOrderService))),
			fx.Annotate(service.NewCollections, fx.As(new(api.CollectionService))),
			fx.Annotate(service.NewCredits, fx.As(new(api.CreditService))),
			fx.Annotate(service.NewPurchasing, fx.As(new(api.PurchasingService))),
			fx.Annotate(service.NewDeliveries, fx.As(new(api.DeliveryService))),
		),
		api.Module,
	).Run()
}
