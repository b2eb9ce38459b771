//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/northwind-air/mileage/internal/service/schedule"
	"github.com/northwind-air/mileage/internal/wiring"
)

func initApp(ctx context.Context) (*app, func(), error) {
	wire.Build(
		wiring.BaseSet,
		wiring.AWSSet,
		wiring.StoreSet,
		wiring.SNSSet,
		wiring.ProviderSet,
		wiring.ProvideNotifyQueue,
		schedule.NewTierJob,
		schedule.NewExpiryJob,
		schedule.NewStatementJob,
		schedule.NewAnniversaryJob,
		schedule.NewTopUpJob,
		schedule.NewScheduler,
		newApp,
	)
	return nil, nil, nil
}
