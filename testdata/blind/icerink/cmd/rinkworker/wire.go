//go:build wireinject

package main

import (
	"context"
	"log/slog"

	"github.com/google/wire"

	"github.com/frostline-arena/rinkops/internal/app"
	"github.com/frostline-arena/rinkops/internal/leagues"
	"github.com/frostline-arena/rinkops/internal/maintenance"
	"github.com/frostline-arena/rinkops/internal/passes"
	"github.com/frostline-arena/rinkops/internal/platform"
	"github.com/frostline-arena/rinkops/internal/tasks"
	"github.com/frostline-arena/rinkops/internal/worker"
)

func initWorker(ctx context.Context, cfg *platform.Config, log *slog.Logger) (*workerApp, func(), error) {
	wire.Build(
		app.Infra,
		app.Providers,
		leagues.ProviderSet,
		passes.ProviderSet,
		maintenance.ProviderSet,
		worker.ProviderSet,
		tasks.NewRelay,
		wire.Struct(new(workerApp), "*"),
	)
	return nil, nil, nil
}
