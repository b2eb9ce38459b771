//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/kelpline-systems/quotareg/internal/config"
	"github.com/kelpline-systems/quotareg/internal/httpapi"
	"github.com/kelpline-systems/quotareg/internal/wiring"
)

func initServer(cfg *config.Config) (*httpapi.Server, func(), error) {
	wire.Build(
		wiring.ConfigSet,
		wiring.StorageSet,
		wiring.ProviderSet,
		wiring.QueueSet,
		wiring.ServiceSet,
		wiring.APISet,
	)
	return nil, nil, nil
}
