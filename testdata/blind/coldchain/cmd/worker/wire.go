//go:build wireinject

package main

import (
	"context"
	"log/slog"

	"github.com/google/wire"

	"github.com/frostline/coldchain/internal/jobs"
	"github.com/frostline/coldchain/internal/platform"
	"github.com/frostline/coldchain/internal/wiring"
)

func initializeWorker(ctx context.Context, cfg platform.Config, log *slog.Logger) (*WorkerClient, func(), error) {
	wire.Build(
		wiring.Infra,
		wiring.Providers,
		wiring.Repositories,
		wiring.Services,
		wire.Struct(new(jobs.Deps), "*"),
		provideWorkerClient,
	)
	return nil, nil, nil
}
