// Command procure-worker runs the River job workers: EDI transmissions,
// supplier payments, invoice matching and budget housekeeping.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"github.com/northmill/procure/internal/platform/config"
	"github.com/northmill/procure/internal/platform/jobs"
	"github.com/northmill/procure/internal/platform/telemetry"
)

type app struct {
	cfg     config.Config
	client  *jobs.Client
	metrics *telemetry.MetricsServer
	log     *slog.Logger
}

func newApp(cfg config.Config, client *jobs.Client, metrics *telemetry.MetricsServer, log *slog.Logger) *app {
	return &app{cfg: cfg, client: client, metrics: metrics, log: log}
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "procure-worker:", err)
		os.Exit(1)
	}
}

func run() error {
	cfg, err := config.Load()
	if err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()

	a, cleanup, err := initializeApp(cfg)
	if err != nil {
		return err
	}
	defer cleanup()

	a.metrics.Start(a.log)
	if err := a.client.Start(ctx); err != nil {
		return fmt.Errorf("start river: %w", err)
	}
	a.log.Info("worker started")
	<-ctx.Done()

	stopCtx, cancel := context.WithTimeout(context.Background(), a.cfg.ShutdownTimeout)
	defer cancel()
	if err := a.client.Stop(stopCtx); err != nil {
		a.log.Error("river stop", "err", err)
	}
	return a.metrics.Shutdown(stopCtx)
}
