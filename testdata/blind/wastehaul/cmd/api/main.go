// Command api serves the operator console, customer portal and inbound
// webhooks.
package main

import (
	"go.uber.org/fx"

	"github.com/haulcore/wastehaul/internal/app"
)

func main() {
	fx.New(
		app.Logging,
		app.Core,
		app.Providers,
		app.Services,
		app.InsertOnlyQueue,
		app.HTTP,
	).Run()
}
