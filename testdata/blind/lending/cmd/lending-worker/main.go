// Command lending-worker runs the Kafka consumers and scheduled jobs.
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
		app.Worker,
		fx.WithLogger(func(log *zap.Logger) fxevent.Logger {
			return &fxevent.ZapLogger{Logger: log.Named("fx")}
		}),
	).Run()
}
