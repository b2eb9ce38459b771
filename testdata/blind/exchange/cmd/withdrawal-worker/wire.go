//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/halyard/funding/internal/app"
	"github.com/halyard/funding/internal/config"
)

func initializeWorkers(ctx context.Context, cfg *config.Config) (*workerSet, func(), error) {
	wire.Build(
		app.Base,
		app.ProvideSQS,
		app.ProvideBank,
		app.ProvideCustody,
		app.ProvideOpsChannel,
		provideExecutor,
		provideRecon,
		newWorkerSet,
	)
	return nil, nil, nil
}
