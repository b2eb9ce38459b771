// Command liftcare-worker runs the River job workers, the periodic
// schedule and the JetStream telemetry consumers.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sync/errgroup"

	"github.com/liftwell-systems/liftcare/internal/platform/config"
	"github.com/liftwell-systems/liftcare/internal/platform/logging"
	"github.com/liftwell-systems/liftcare/internal/platform/migrator"
	"github.com/liftwell-systems/liftcare/internal/transport/events"
)

//go:generate go run -mod=mod github.com/google/wire/cmd/wire

func main() {
	log := logging.New("worker")
	if err := run(log); err != nil {
		log.Error("exit", "err", err)
		os.Exit(1)
	}
}

func run(log *slog.Logger) error {
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	if err := migrator.Up(cfg.DatabaseURL, log); err != nil {
		return err
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	w, cleanup, err := initWorker(ctx, cfg, log)
	if err != nil {
		return err
	}
	defer cleanup()

	if err := events.EnsureStreams(ctx, w.JS); err != nil {
		return fmt.Errorf("ensure streams: %w", err)
	}

	g, gctx := errgroup.WithContext(ctx)
	g.Go(func() error {
		if err := w.River.Start(gctx); err != nil {
			return fmt.Errorf("start river: %w", err)
		}
		<-gctx.Done()
		stopCtx, cancel := context.WithTimeout(context.WithoutCancel(gctx), cfg.ShutdownTimeout)
		defer cancel()
		return w.River.Stop(stopCtx)
	})
	g.Go(func() error {
		return w.Consumers.Run(gctx)
	})
	log.Info("worker running", "concurrency", cfg.WorkerConcurrency)
	return g.Wait()
}
