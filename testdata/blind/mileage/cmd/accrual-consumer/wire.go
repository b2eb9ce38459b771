//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/northwind-air/mileage/internal/service/accrual"
	"github.com/northwind-air/mileage/internal/wiring"
)

func initApp(ctx context.Context) (*app, func(), error) {
	wire.Build(
		wiring.BaseSet,
		wiring.AWSSet,
		wiring.StoreSet,
		wiring.ProvideNotifyQueue,
		accrual.NewHandlers,
		newApp,
	)
	return nil, nil, nil
}
