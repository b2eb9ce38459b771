// Command scheduler runs the periodic jobs: recurring charge sweeps, the
// outbox relay, monthly payouts and Gift Aid batches.
package main

import (
	"go.uber.org/fx"

	"github.com/kindredgive/donations/internal/app"
)

func main() {
	fx.New(
		app.Platform,
		app.Repositories,
		app.Providers,
		app.Services,
		app.Scheduler,
	).Run()
}
