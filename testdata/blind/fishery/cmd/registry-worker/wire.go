//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/wiring"
)

func initWorker(cfg *config.Config) (*wiring.WorkerApp, func(), error) {
	wire.Build(
		wiring.ConfigSet,
		wiring.StorageSet,
		wiring.ProviderSet,
		wiring.QueueSet,
		wiring.ServiceSet,
		wiring.WorkerSet,
	)
	return nil, nil, nil
}
