//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/scheduler"
	"github.com/summitline/skipass/internal/wiring"
)

func initRunner(cfg config.Config) (*scheduler.Runner, func(), error) {
	wire.Build(
		wiring.Infra,
		wiring.Stores,
		wiring.Partners,
		wiring.Services,
		scheduler.NewRunner,
	)
	return nil, nil, nil
}
