//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/wiring"
)

func initCron(cfg *config.Config) (*wiring.CronApp, func(), error) {
	wire.Build(
		wiring.ConfigSet,
		wiring.StorageSet,
		wiring.ProviderSet,
		wiring.QueueSet,
		wiring.ServiceSet,
		wiring.CronSet,
	)
	return nil, nil, nil
}
