// Command hooks receives webhooks from Stripe, ParcelHub and Fennel Bank.
package main

import (
	"go.uber.org/fx"

	"github.com/brightfund/crowdfund/internal/app"
)

func main() {
	fx.New(
		app.Base,
		app.InsertOnly,
		app.Storage,
		app.Providers,
		app.Services,
		app.Hooks,
	).Run()
}
