//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/halyard/funding/internal/app"
	"github.com/halyard/funding/internal/config"
)

func initializeJobs(ctx context.Context, cfg *config.Config) (*cronJobs, func(), error) {
	wire.Build(
		app.Base,
		app.ProvideSQS,
		app.ProvideOpsQueue,
		app.ProvideBank,
		provideScheduler,
		provideSweeper,
		newCronJobs,
	)
	return nil, nil, nil
}
