// Command royaltyd runs the royalty platform: the admin API and Stripe
// webhook endpoint, the River job workers (including the monthly
// statement run), and the Kafka consumers for distributor reports.
package main

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sync/errgroup"

	"github.com/soundledger/royalties/internal/config"
)

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "royaltyd:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	app, cleanup, err := initializeApp(ctx, cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	g, gctx := errgroup.WithContext(ctx)

	g.Go(func() error {
		app.Log.Info("http listening", slog.String("addr", app.HTTP.Addr))
		if err := app.HTTP.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
			return err
		}
		return nil
	})
	g.Go(func() error {
		if err := app.River.Start(gctx); err != nil {
			return fmt.Errorf("start river: %w", err)
		}
		<-gctx.Done()
		return nil
	})
	g.Go(func() error {
		err := app.Consumer.Run(gctx)
		if errors.Is(err, context.Canceled) {
			return nil
		}
		return err
	})
	g.Go(func() error {
		<-gctx.Done()
		app.Log.Info("shutting down")
		shutdownCtx, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
		defer cancel()
		httpErr := app.HTTP.Shutdown(shutdownCtx)
		riverErr := app.River.Stop(shutdownCtx)
		return errors.Join(httpErr, riverErr)
	})
	return g.Wait()
}
