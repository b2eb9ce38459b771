//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/northmill/procure/internal/catalogue"
	"github.com/northmill/procure/internal/consumers"
	"github.com/northmill/procure/internal/edi"
	"github.com/northmill/procure/internal/events"
	"github.com/northmill/procure/internal/platform/config"
	"github.com/northmill/procure/internal/platform/db"
	"github.com/northmill/procure/internal/platform/inbox"
	"github.com/northmill/procure/internal/platform/jobs"
	"github.com/northmill/procure/internal/platform/kafkax"
	"github.com/northmill/procure/internal/platform/telemetry"
	"github.com/northmill/procure/internal/purchasing"
	"github.com/northmill/procure/internal/receiving"
	"github.com/northmill/procure/internal/suppliers"
	"github.com/northmill/procure/internal/tasks"
)

func initializeApp(cfg config.Config) (*app, func(), error) {
	wire.Build(
		telemetry.NewLogger,
		telemetry.NewTracerProvider,
		telemetry.NewRegistry,
		telemetry.NewMetricsServer,
		db.Open,
		db.NewStore,
		jobs.NewEnqueuer,
		wire.Bind(new(tasks.Enqueuer), new(*jobs.Enqueuer)),
		inbox.New,
		edi.NewHTTPClient,
		edi.NewTraced,
		wire.Bind(new(edi.Client), new(*edi.Traced)),
		suppliers.NewRepo,
		purchasing.NewRepo,
		receiving.NewRepo,
		receiving.NewService,
		catalogue.NewService,
		wire.Bind(new(consumers.ReceiptEvents), new(*receiving.Service)),
		wire.Bind(new(consumers.CatalogueEvents), new(*catalogue.Service)),
		consumers.NewWarehouse,
		consumers.NewCatalogue,
		events.NewMetrics,
		consumers.NewRegistry,
		wire.Bind(new(kafkax.Dispatcher), new(*events.Registry)),
		newWarehouseConsumer,
		newCatalogueConsumer,
		newApp,
	)
	return nil, nil, nil
}
