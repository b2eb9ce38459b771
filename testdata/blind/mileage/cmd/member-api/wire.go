//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/northwind-air/mileage/internal/api/memberapi"
	"github.com/northwind-air/mileage/internal/service/member"
	"github.com/northwind-air/mileage/internal/service/purchase"
	"github.com/northwind-air/mileage/internal/service/redemption"
	"github.com/northwind-air/mileage/internal/service/rewards"
	"github.com/northwind-air/mileage/internal/service/transfer"
	"github.com/northwind-air/mileage/internal/wiring"
)

func initApp(ctx context.Context) (*app, func(), error) {
	wire.Build(
		wiring.BaseSet,
		wiring.AWSSet,
		wiring.StoreSet,
		wiring.QueueSet,
		wiring.SNSSet,
		wiring.ProviderSet,
		member.NewService,
		redemption.NewService,
		transfer.NewService,
		purchase.NewService,
		rewards.NewVoucherService,
		rewards.NewGiftService,
		rewards.NewClaimService,
		memberapi.New,
		newApp,
	)
	return nil, nil, nil
}
