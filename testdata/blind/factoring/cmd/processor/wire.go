//go:build wireinject
// +build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/kestrelfin/factoring/internal/app"
	"github.com/kestrelfin/factoring/internal/config"
)

func initializeProcessor(cfg config.Config) (*processorApp, func(), error) {
	wire.Build(
		app.InfraSet,
		app.ProviderSet,
		app.ServiceSet,
		app.ProcessorSet,
		wire.Struct(new(processorApp), "*"),
	)
	return nil, nil, nil
}
