//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/gridwell/utilities/internal/config"
	"github.com/gridwell/utilities/internal/consumers"
	"github.com/gridwell/utilities/internal/platform"
	"github.com/gridwell/utilities/internal/providers"
	"github.com/gridwell/utilities/internal/providers/bankpartner"
	"github.com/gridwell/utilities/internal/providers/printpartner"
	"github.com/gridwell/utilities/internal/service"
	"github.com/gridwell/utilities/internal/store"
)

func initializeConsumer(ctx context.Context) (*app, func(), error) {
	wire.Build(
		config.Load,
		platform.NewLogger,
		platform.NewWatermillLogger,
		platform.OpenDB,
		platform.NewKafkaPublisher,
		platform.NewKafkaSubscriber,
		store.ProviderSet,
		providers.NewBank,
		providers.NewFieldService,
		providers.NewPrint,
		providers.NewSESClient,
		providers.NewMailer,
		wire.Bind(new(printpartner.Sender), new(*printpartner.Client)),
		wire.Bind(new(service.Bank), new(*bankpartner.Client)),
		service.SystemClock,
		service.NewReadingService,
		service.NewBillingService,
		service.NewNoticeService,
		service.NewDirectDebitService,
		service.NewWorkOrderService,
		consumers.ProviderSet,
		consumers.NewRouter,
		newApp,
	)
	return nil, nil, nil
}
