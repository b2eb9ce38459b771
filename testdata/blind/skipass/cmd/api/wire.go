//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/summitline/skipass/internal/config"
	"github.com/summitline/skipass/internal/httpapi"
	"github.com/summitline/skipass/internal/httpapi/middleware"
	"github.com/summitline/skipass/internal/wiring"
)

func initApp(cfg config.Config) (*app, func(), error) {
	wire.Build(
		wiring.Infra,
		wiring.Stores,
		wiring.Partners,
		wiring.Services,
		middleware.NewResponseStore,
		httpapi.NewHandlers,
		httpapi.NewServer,
		newApp,
	)
	return nil, nil, nil
}
