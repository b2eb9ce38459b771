//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/northwind-air/mileage/internal/api/webhooks"
	"github.com/northwind-air/mileage/internal/service/purchase"
	"github.com/northwind-air/mileage/internal/service/redemption"
	"github.com/northwind-air/mileage/internal/service/transfer"
	"github.com/northwind-air/mileage/internal/wiring"
)

func initApp(ctx context.Context) (*app, func(), error) {
	wire.Build(
		wiring.BaseSet,
		wiring.AWSSet,
		wiring.StoreSet,
		wiring.ProviderSet,
		wiring.ProvideNotifyQueue,
		purchase.NewService,
		purchase.NewWebhooks,
		redemption.NewAirlineEvents,
		transfer.NewCallbacks,
		webhooks.New,
		newApp,
	)
	return nil, nil, nil
}
