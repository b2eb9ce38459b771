//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/platform/queue"
	"github.com/summitline/skipass/internal/wiring"
	"github.com/summitline/skipass/internal/worker"
)

func initApp(cfg config.Config) (*app, func(), error) {
	wire.Build(
		wiring.Infra,
		wiring.Stores,
		wiring.Partners,
		wiring.Services,
		queue.NewServer,
		worker.NewHandlers,
		worker.NewMux,
		newApp,
	)
	return nil, nil, nil
}
