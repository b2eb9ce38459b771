//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/hearthkit/commissary/internal/app"
	"github.com/hearthkit/commissary/internal/config"
)

func initializeWorker(ctx context.Context, cfg *config.Config) (*deps, func(), error) {
	wire.Build(app.InfraSet, app.ProviderSet, app.ServiceSet, app.WorkerSet, wire.Struct(new(deps), "*"))
	return nil, nil, nil
}
