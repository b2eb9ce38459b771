// Command worker runs the River job workers: captures, cancellations,
// payouts, fulfilment and email delivery.
package main

import (
	"go.uber.org/fx"

	"github.com/brightfund/crowdfund/internal/app"
)

func main() {
	fx.New(
		app.Base,
		app.Worker,
		app.Storage,
		app.Providers,
		app.Services,
	).Run()
}
