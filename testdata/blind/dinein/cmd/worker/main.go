// Command worker runs the River job workers: refunds, payouts, courier
// dispatch, notifications and loyalty.
package main

import (
	"go.uber.org/fx"

	"github.com/dinein/platform/internal/app"
)

func main() {
	fx.New(
		app.Base,
		app.Repositories,
		app.Providers,
		app.Queue,
		app.Services,
		app.Workers,
	).Run()
}
