//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/cyclegrid/bikeshare/internal/config"
	"github.com/cyclegrid/bikeshare/internal/consumer"
	"github.com/cyclegrid/bikeshare/internal/crews"
	"github.com/cyclegrid/bikeshare/internal/platform"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/service"
)

func initializeRunner(ctx context.Context, cfg config.Config) (*consumer.Runner, func(), error) {
	wire.Build(
		platform.ProviderSet,
		platform.QueueSet,
		platform.NATSSet,
		repository.ProviderSet,
		crews.ProviderSet,
		service.ProviderSet,
		consumer.ProviderSet,
	)
	return nil, nil, nil
}
