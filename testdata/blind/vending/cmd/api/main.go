// Command api serves the fleet HTTP API: card authorisation and vend
// results from machines, the driver app, the ops console, the back office
// and CardPay webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/vendgrid/fleetops/internal/adapters/httpapi"
	"github.com/vendgrid/fleetops/internal/adapters/postgres"
	"github.com/vendgrid/fleetops/internal/adapters/providers"
	"github.com/vendgrid/fleetops/internal/app"
	"github.com/vendgrid/fleetops/internal/config"
	"github.com/vendgrid/fleetops/internal/platform/logging"
)

func main() {
	fx.New(
		config.Module("api"),
		logging.Module,
		postgres.Module,
		providers.CardPay,
		providers.Wholesaler,
		providers.SMS,
		providers.Payouts,
		providers.Mail,
		fx.Provide(
			func() app.Clock { return app.SystemClock{} },
			func(c config.Config) app.CommissionConfig { return app.CommissionConfig{Currency: c.Currency} },
			fx.Annotate(app.NewPaymentService, fx.As(new(httpapi.PaymentUseCases))),
			fx.Annotate(app.NewCollectionService, fx.As(new(httpapi.CollectionUseCases))),
			fx.Annotate(app.NewRestockService, fx.As(new(httpapi.RestockUseCases))),
			fx.Annotate(app.NewFaultService, fx.As(new(httpapi.FaultUseCases))),
			fx.Annotate(app.NewMachineService, fx.As(new(httpapi.MachineUseCases))),
			fx.Annotate(app.NewCommissionService, fx.As(new(httpapi.HostUseCases))),
			fx.Annotate(app.NewWebhookService, fx.As(new(httpapi.CardWebhookUseCases))),
		),
		httpapi.Module,
	).Run()
}
