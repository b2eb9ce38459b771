//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/gateapi"
	"github.com/summitline/skipass/internal/service"
	"github.com/summitline/skipass/internal/store"
	"github.com/summitline/skipass/internal/wiring"
)

func initApp(cfg config.Config) (*app, func(), error) {
	wire.Build(
		wiring.Infra,
		store.NewGates,
		store.NewPasses,
		store.NewScans,
		store.NewRideDays,
		service.ProvideGateService,
		gateapi.NewServer,
		newApp,
	)
	return nil, nil, nil
}
