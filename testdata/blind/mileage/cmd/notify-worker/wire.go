//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/northwind-air/mileage/internal/service/notify"
	"github.com/northwind-air/mileage/internal/wiring"
)

func initApp(ctx context.Context) (*app, func(), error) {
	wire.Build(
		wiring.BaseSet,
		wiring.AWSSet,
		wiring.StoreSet,
		wiring.SNSSet,
		notify.NewService,
		newApp,
	)
	return nil, nil, nil
}
