// Command scheduler runs the nightly no-show job and the hold-expiry sweep.
package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/harbourline/hotels/internal/app"
	"github.com/harbourline/hotels/internal/config"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := app.InitializeScheduler(ctx, config.Load())
	if err != nil {
		app.ProvideLogger().Error("wiring failed", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	a.Cron.Start()
	a.Log.Info("scheduler started", "entries", len(a.Cron.Entries()))
	<-ctx.Done()
	<-a.Cron.Stop().Done()
}
