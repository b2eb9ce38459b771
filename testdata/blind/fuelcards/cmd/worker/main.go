// Command worker runs the river job workers: settlement, rebates, SMS
// alerts and velocity checks.
package main

import (
	"go.uber.org/fx"

	"github.com/ridgeline-fleet/fuelcards/internal/app"
	"github.com/ridgeline-fleet/fuelcards/internal/jobs"
	"github.com/ridgeline-fleet/fuelcards/internal/platform/queue"
)

func main() {
	fx.New(
		app.Core,
		app.Providers,
		app.Repos,
		app.Services,
		fx.Provide(jobs.NewWorkers, queue.NewWorkerClient),
		fx.Invoke(func(*queue.Client) {}),
	).Run()
}
