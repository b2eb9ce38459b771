// Command fulfilment runs the Pantry grocery-delivery fulfilment service:
// the customer gRPC API, the picker HTTP API, the store-event consumers and
// the background workers.
package main

import (
	"log/slog"

	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"

	"github.com/pantryco/fulfilment/internal/app"
)

func main() {
	fx.New(
		app.Platform,
		app.Repositories,
		app.Providers,
		app.Services,
		app.Jobs,
		app.Transport,
		fx.WithLogger(func(log *slog.Logger) fxevent.Logger {
			return &fxevent.SlogLogger{Logger: log}
		}),
	).Run()
}
