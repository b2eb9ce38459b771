// Command worker runs the asynq task server and the periodic scheduler.
package main

import (
	"go.uber.org/fx"
	"go.uber.org/fx/fxevent"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/app"
	"github.com/stenoline-legal/depobook/internal/worker"
)

func main() {
	fx.New(
		app.Core,
		worker.Module,
		fx.WithLogger(func(log *zap.Logger) fxevent.Logger {
			return &fxevent.ZapLogger{Logger: log.Named("fx")}
		}),
	).Run()
}
