//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/gridwell/utilities/internal/config"
	"github.com/gridwell/utilities/internal/estimates"
	"github.com/gridwell/utilities/internal/platform"
	"github.com/gridwell/utilities/internal/providers"
	"github.com/gridwell/utilities/internal/providers/printpartner"
	"github.com/gridwell/utilities/internal/service"
	"github.com/gridwell/utilities/internal/store"
)

func initializeWorker(ctx context.Context) (*app, func(), error) {
	wire.Build(
		config.Load,
		platform.NewLogger,
		platform.NewWatermillLogger,
		platform.OpenDB,
		platform.NewKafkaPublisher,
		platform.NewTemporalClient,
		store.ProviderSet,
		providers.NewFieldService,
		providers.NewPrint,
		wire.Bind(new(printpartner.Sender), new(*printpartner.Client)),
		service.SystemClock,
		service.NewWorkOrderService,
		estimates.ProviderSet,
		newWorker,
		newApp,
	)
	return nil, nil, nil
}
