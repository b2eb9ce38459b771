// Command delivery-consumer applies delivery events from the DELIVERIES
// JetStream stream: customer notifications, proof of delivery, shortages,
// failed drops and crate returns.
package main

import (
	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/app"
	"github.com/crumbworks/ovenline/internal/events"
	"github.com/crumbworks/ovenline/internal/fulfilment"
	"github.com/crumbworks/ovenline/internal/platform/natsx"
	"github.com/crumbworks/ovenline/internal/platform/temporalx"
	"github.com/crumbworks/ovenline/internal/service"
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
			service.NewDeliveries,
			service.NewCredits,
		),
		events.Module,
	).Run()
}
