//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/acornlane-childcare/nursery/internal/app"
	"github.com/acornlane-childcare/nursery/internal/config"
)

func initializeAPI(ctx context.Context, cfg config.Config) (*apiApp, func(), error) {
	wire.Build(
		app.InfraSet,
		app.ClientSet,
		app.ServiceSet,
		app.HTTPSet,
		newAPIApp,
	)
	return nil, nil, nil
}
