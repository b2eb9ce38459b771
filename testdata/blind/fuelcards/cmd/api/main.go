// Command api serves the fleet API and the partner webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/ridgeline-fleet/fuelcards/internal/api"
	"github.com/ridgeline-fleet/fuelcards/internal/app"
	"github.com/ridgeline-fleet/fuelcards/internal/service/alerts"
	"github.com/ridgeline-fleet/fuelcards/internal/service/authz"
	"github.com/ridgeline-fleet/fuelcards/internal/service/cardevents"
	"github.com/ridgeline-fleet/fuelcards/internal/service/cards"
	"github.com/ridgeline-fleet/fuelcards/internal/service/drivers"
	"github.com/ridgeline-fleet/fuelcards/internal/service/fraud"
	"github.com/ridgeline-fleet/fuelcards/internal/store"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		app.Repos,
		app.Services,
		fx.Provide(
			func(s *cards.Service) api.CardService { return s },
			func(s *drivers.Service) api.DriverService { return s },
			func(s *fraud.Service) api.FraudService { return s },
			func(s *authz.Service) api.AuthorizationService { return s },
			func(s *cardevents.Service) api.CardEventService { return s },
			func(s *alerts.Service) api.ReceiptService { return s },
			func(q *store.Queries) api.DeliveryLog { return q },
			api.NewCardHandlers,
			api.NewDriverHandlers,
			api.NewFraudHandlers,
			api.NewWebhookHandlers,
			api.NewEcho,
		),
		fx.Invoke(api.Start),
	).Run()
}
