//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/jobs"
	"github.com/encorelane/resale/internal/platform"
	"github.com/encorelane/resale/internal/provider"
	"github.com/encorelane/resale/internal/repository"
	"github.com/encorelane/resale/internal/service"
	"github.com/encorelane/resale/internal/transport/rest"
)

func initializeApp(cfg *config.Config) (*app, func(), error) {
	wire.Build(
		platform.ProviderSet,
		repository.ProviderSet,
		provider.ProviderSet,
		jobs.ProviderSet,
		service.ProviderSet,
		rest.NewHandlers,
		rest.NewServer,
		wire.Struct(new(app), "*"),
	)
	return nil, nil, nil
}
