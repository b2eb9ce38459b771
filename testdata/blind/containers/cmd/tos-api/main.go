// Command tos-api serves the terminal's HTTP API: vessel schedule, truck
// appointments, yard planning, billing, and the customs, Stripe and
// shipping-line inbound endpoints.
package main

import (
	"go.uber.org/fx"

	"github.com/quaymark/terminal-ops/internal/app"
	"github.com/quaymark/terminal-ops/internal/httpapi"
	"github.com/quaymark/terminal-ops/internal/httpapi/handlers"
	"github.com/quaymark/terminal-ops/internal/service/appointment"
	"github.com/quaymark/terminal-ops/internal/service/billing"
	"github.com/quaymark/terminal-ops/internal/service/customs"
	"github.com/quaymark/terminal-ops/internal/service/edi"
	"github.com/quaymark/terminal-ops/internal/service/vessel"
	"github.com/quaymark/terminal-ops/internal/service/yard"
)

func main() {
	fx.New(options()).Run()
}

func options() fx.Option {
	return fx.Options(
		app.Core,
		app.Repositories,
		app.Providers,
		fx.Provide(
			fx.Annotate(vessel.NewService, fx.As(new(handlers.VesselService))),
			fx.Annotate(appointment.NewService, fx.As(new(handlers.AppointmentService))),
			fx.Annotate(yard.NewService, fx.As(new(handlers.YardService))),
			fx.Annotate(customs.NewService, fx.As(new(handlers.CustomsService))),
			fx.Annotate(billing.NewCards, fx.As(new(handlers.PaymentService))),
			fx.Annotate(edi.NewInbound, fx.As(new(handlers.PartnerInbound))),
			httpapi.NewRouter,
		),
		fx.Invoke(httpapi.StartServer),
	)
}
