// Command procure-consumer consumes the warehouse receipt and supplier
// catalogue topics.
package main

import (
	"context"
	"fmt"
	"log/slog"
	"os"
	"os/signal"
	"syscall"

	"golang.org/x/sync/errgroup"

	"github.com/northmill/procure/internal/platform/config"
	"github.com/northmill/procure/internal/platform/kafkax"
	"github.com/northmill/procure/internal/platform/telemetry"
)

type warehouseConsumer struct{ *kafkax.Consumer }

type catalogueConsumer struct{ *kafkax.Consumer }

func newWarehouseConsumer(cfg config.Config, d kafkax.Dispatcher, log *slog.Logger) (warehouseConsumer, func()) {
	c := kafkax.NewConsumer(kafkax.Options{
		Brokers:     cfg.KafkaBrokers,
		GroupID:     cfg.KafkaGroupID + ".warehouse",
		Topic:       cfg.WarehouseTopic,
		MaxAttempts: cfg.ConsumerMaxAttempts,
	}, d, log)
	return warehouseConsumer{c}, func() { _ = c.Close() }
}

func newCatalogueConsumer(cfg config.Config, d kafkax.Dispatcher, log *slog.Logger) (catalogueConsumer, func()) {
	c := kafkax.NewConsumer(kafkax.Options{
		Brokers:     cfg.KafkaBrokers,
		GroupID:     cfg.KafkaGroupID + ".catalogue",
		Topic:       cfg.CatalogueTopic,
		MaxAttempts: cfg.ConsumerMaxAttempts,
	}, d, log)
	return catalogueConsumer{c}, func() { _ = c.Close() }
}

type app struct {
	warehouse warehouseConsumer
	catalogue catalogueConsumer
	metrics   *telemetry.MetricsServer
	log       *slog.Logger
}

func newApp(wh warehouseConsumer, cat catalogueConsumer, metrics *telemetry.MetricsServer, log *slog.Logger) *app {
	return &app{warehouse: wh, catalogue: cat, metrics: metrics, log: log}
}

func main() {
	if err := run(); err != nil {
		fmt.Fprintln(os.Stderr, "procure-consumer:", err)
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
	defer func() { _ = a.metrics.Shutdown(context.Background()) }()

	g, ctx := errgroup.WithContext(ctx)
	g.Go(func() error { return a.warehouse.Run(ctx) })
	g.Go(func() error { return a.catalogue.Run(ctx) })
	return g.Wait()
}
