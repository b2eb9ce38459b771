//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/halyard/funding/internal/app"
	"github.com/halyard/funding/internal/config"
	"github.com/halyard/funding/internal/service/risk"
	"github.com/halyard/funding/internal/transport/grpcapi"
)

func initializeGateway(ctx context.Context, cfg *config.Config) (*gateway, func(), error) {
	wire.Build(
		app.Base,
		app.ProvideSQS,
		app.ProvideWithdrawalQueue,
		app.ProvideSMS,
		app.ProvideWithdrawals,
		risk.New,
		provideRiskControl,
		grpcapi.NewGRPCServer,
		newGateway,
	)
	return nil, nil, nil
}
