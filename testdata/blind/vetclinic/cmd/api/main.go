// Command api serves the public REST API used by clinic staff and the owner
// app.
package main

import (
	"log/slog"
	"net/http"

	"go.uber.org/fx"

	"github.com/pawpath/vetclinic/internal/adapters/httpapi"
	"github.com/pawpath/vetclinic/internal/app"
	"github.com/pawpath/vetclinic/internal/core/ports"
	"github.com/pawpath/vetclinic/internal/core/services"
	"github.com/pawpath/vetclinic/internal/platform/config"
)

func newHandlers(
	owners *services.OwnerService,
	appts *services.AppointmentService,
	checkout *services.CheckoutService,
	billing *services.BillingService,
	labs *services.LabService,
	refills *services.RefillService,
	loyalty *services.LoyaltyService,
	log *slog.Logger,
) *httpapi.Handlers {
	return &httpapi.Handlers{
		Owners:       owners,
		Appointments: appts,
		Checkout:     checkout,
		Billing:      billing,
		Labs:         labs,
		Refills:      refills,
		Wallets:      loyalty,
		Log:          log,
	}
}

func main() {
	fx.New(
		app.Core,
		app.InsertOnlyQueue,
		fx.Provide(
			newHandlers,
			fx.Annotate(
				func(h *httpapi.Handlers, store ports.IdempotencyStore, log *slog.Logger) http.Handler {
					return httpapi.NewRouter(h, store, log)
				},
				fx.ResultTags(`name:"api"`),
			),
		),
		fx.Invoke(fx.Annotate(
			func(lc fx.Lifecycle, sh fx.Shutdowner, log *slog.Logger, cfg config.Config, h http.Handler) {
				app.ServeHTTP(lc, sh, log, cfg.HTTPAddr, h)
			},
			fx.ParamTags(``, ``, ``, ``, `name:"api"`),
		)),
	).Run()
}
