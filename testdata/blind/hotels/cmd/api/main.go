// Command api serves the staff/booking-engine API and the OTA and Stripe
// webhooks.
package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/harbourline/hotels/internal/app"
	"github.com/harbourline/hotels/internal/config"
	"github.com/harbourline/hotels/schema"
)

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	cfg := config.Load()
	a, cleanup, err := app.InitializeAPI(ctx, cfg)
	if err != nil {
		app.ProvideLogger().Error("wiring failed", "err", err)
		os.Exit(1)
	}
	defer cleanup()

	if err := schema.Migrate(ctx, a.DB); err != nil {
		a.Log.Error("migrations failed", "err", err)
		os.Exit(1)
	}

	go func() {
		if err := a.Server.Start(a.Addr); err != nil && !errors.Is(err, http.ErrServerClosed) {
			a.Log.Error("http server stopped", "err", err)
			stop()
		}
	}()
	<-ctx.Done()

	shutdownCtx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := a.Server.Shutdown(shutdownCtx); err != nil {
		a.Log.Error("shutdown", "err", err)
	}
}
