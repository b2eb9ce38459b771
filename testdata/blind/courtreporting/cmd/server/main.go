// Command server runs the DepoBook HTTP API: the firm and reporter APIs
// and the partner webhooks.
package main

import (
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/app"
	"github.com/stenoline-legal/depobook/internal/http/handlers"
)

func main() {
	fx.New(
		app.Core,
		handlers.Module,
		fx.WithLogger(func(log *zap.Logger) fxevent.Logger {
			return &fxevent.ZapLogger{Logger: log.Named("fx")}
		}),
	).Run()
}
