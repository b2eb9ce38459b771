// Command worker runs the RabbitMQ consumers.
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
		app.Consumers,
	).Run()
}
