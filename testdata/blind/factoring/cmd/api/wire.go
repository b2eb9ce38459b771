//go:build wireinject
// +build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/kestrelfin/factoring/internal/app"
	"github.com/kestrelfin/factoring/internal/config"
)

func initializeAPI(cfg config.Config) (*apiApp, func(), error) {
	wire.Build(
		app.InfraSet,
		app.ProviderSet,
		app.ServiceSet,
		app.APISet,
		wire.Struct(new(apiApp), "*"),
	)
	return nil, nil, nil
}
