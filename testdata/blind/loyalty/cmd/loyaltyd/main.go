// Command loyaltyd runs the Tidewater loyalty service: HTTP API, purchase
// event consumers, partner callback poller and Temporal worker.
package main

import (
	"go.uber.org/fx"

	"github.com/tidewater/loyalty/internal/app"
)

func main() {
	fx.New(
		app.InfraModule,
		app.ProvidersModule,
		app.StoreModule,
		app.ServicesModule,
		app.HTTPModule,
		app.ConsumersModule,
		app.WorkerModule,
	).Run()
}
