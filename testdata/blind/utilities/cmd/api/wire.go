//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/gridwell/utilities/internal/config"
	"github.com/gridwell/utilities/internal/httpapi"
	"github.com/gridwell/utilities/internal/platform"
	"github.com/gridwell/utilities/internal/providers"
	"github.com/gridwell/utilities/internal/providers/bankpartner"
	"github.com/gridwell/utilities/internal/providers/gateway"
	"github.com/gridwell/utilities/internal/service"
	"github.com/gridwell/utilities/internal/store"
)

func initializeAPI(ctx context.Context) (*app, func(), error) {
	wire.Build(
		config.Load,
		platform.NewLogger,
		platform.NewWatermillLogger,
		platform.OpenDB,
		platform.NewKafkaPublisher,
		store.ProviderSet,
		providers.ProviderSet,
		service.ProviderSet,
		wire.Bind(new(service.CardGateway), new(*gateway.Client)),
		wire.Bind(new(service.Bank), new(*bankpartner.Client)),
		httpapi.ProviderSet,
		newApp,
	)
	return nil, nil, nil
}
