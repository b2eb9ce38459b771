//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/halyard/funding/internal/app"
	"github.com/halyard/funding/internal/config"
)

func initializeConsumer(ctx context.Context, cfg *config.Config) (*consumerApp, func(), error) {
	wire.Build(
		app.Base,
		app.ProvideSQS,
		app.ProvideWithdrawalQueue,
		app.ProvideSMS,
		app.ProvideWithdrawals,
		provideDeposits,
		provideConsumer,
		newConsumerApp,
	)
	return nil, nil, nil
}
