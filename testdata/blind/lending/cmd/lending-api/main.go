// Command lending-api serves the customer API, partner webhooks and the
// admin API.
package main

import (
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/brightpay/lending/internal/app"
)

func main() {
	fx.New(
		app.Core,
		app.API,
		fx.WithLogger(func(log *zap.Logger) fxevent.Logger {
			return &fxevent.ZapLogger{Logger: log.Named("fx")}
		}),
	).Run()
}
