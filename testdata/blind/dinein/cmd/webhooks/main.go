// Command webhooks receives webhooks from Stripe and SwiftCourier.
package main

import (
	"go.uber.org/fx"

	"github.com/dinein/platform/internal/app"
	"github.com/dinein/platform/internal/webhooks"
)

func main() {
	fx.New(
		app.Base,
		app.Repositories,
		app.Providers,
		app.Queue,
		app.Services,
		fx.Provide(
			webhooks.NewStripeHandler,
			webhooks.NewCourierHandler,
			webhooks.NewRouter,
		),
		app.Serve,
	).Run()
}
