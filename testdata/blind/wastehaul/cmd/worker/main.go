// Command worker runs the River job workers.
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
		app.WorkerQueue,
	).Run()
}
