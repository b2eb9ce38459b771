//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/hearthkit/commissary/internal/api"
	"github.com/hearthkit/commissary/internal/app"
	"github.com/hearthkit/commissary/internal/config"
)

func initializeServer(ctx context.Context, cfg *config.Config) (*api.Server, func(), error) {
	wire.Build(app.InfraSet, app.ProviderSet, app.ServiceSet, app.APISet)
	return nil, nil, nil
}
