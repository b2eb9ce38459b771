// Command events consumes domain events from JetStream.
package main

import (
	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/adapters/natsbus"
	"github.com/velvetchair/salon/internal/app"
)

func main() {
	fx.New(
		app.Core,
		natsbus.ConsumerModule,
	).Run()
}
