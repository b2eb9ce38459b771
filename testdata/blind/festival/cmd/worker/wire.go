//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/loopgate/festival-cashless/internal/app"
	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/worker"
)

func initWorker(ctx context.Context, cfg config.Config) (*worker.Worker, func(), error) {
	wire.Build(
		app.Core,
		worker.ProviderSet,
	)
	return nil, nil, nil
}
