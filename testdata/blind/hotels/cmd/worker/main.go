// Command worker runs the Temporal worker for the booking and relocation
// sagas.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"go.temporal.io/sdk/worker"

	"github.com/harbourline/hotels/internal/app"
	"github.com/harbourline/hotels/internal/config"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := app.InitializeWorker(ctx, config.Load())
	if err != nil {
		app.ProvideLogger().Error("wiring failed", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := a.Worker.Run(worker.InterruptCh()); err != nil {
		a.Log.Error("worker stopped", "err", err)
	}
}
