// Command subscriptiond serves the customer-facing gRPC API and the
// operator admin HTTP API.
package main

import (
	"go.uber.org/fx"

	"github.com/drivewise/carsub/internal/adminhttp"
	"github.com/drivewise/carsub/internal/app"
	"github.com/drivewise/carsub/internal/grpcapi"
	"github.com/drivewise/carsub/internal/platform/db"
	"github.com/drivewise/carsub/internal/service"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		fx.Provide(
			app.ClaimsConfig,
			fx.Annotate(service.NewSubscriptions,
				fx.As(new(grpcapi.SubscriptionAPI)), fx.As(new(adminhttp.SubscriptionAdmin))),
			fx.Annotate(service.NewLogistics, fx.As(new(grpcapi.LogisticsAPI))),
			fx.Annotate(app.TelematicsService, fx.As(new(grpcapi.TelematicsAPI))),
			fx.Annotate(service.NewClaims,
				fx.As(new(grpcapi.ClaimsAPI)), fx.As(new(adminhttp.ClaimAdmin)), fx.As(new(adminhttp.ClaimReader))),
			fx.Annotate(service.NewBilling,
				fx.As(new(grpcapi.BillingAPI)), fx.As(new(adminhttp.RefundAdmin))),

			fx.Annotate(grpcapi.NewServer, fx.As(new(grpcapi.SubscriptionServiceServer))),
			grpcapi.NewGRPCServer,
			adminhttp.NewHandlers,
			adminhttp.NewRouter,
		),
		fx.Invoke(
			db.Migrate,
			grpcapi.Serve,
			adminhttp.Serve,
		),
	).Run()
}
