//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/cyclegrid/bikeshare/internal/config"
	"github.com/cyclegrid/bikeshare/internal/crews"
	"github.com/cyclegrid/bikeshare/internal/httpapi"
	"github.com/cyclegrid/bikeshare/internal/payments"
	"github.com/cyclegrid/bikeshare/internal/platform"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/service"
)

func initializeServer(ctx context.Context, cfg config.Config) (*httpapi.Server, func(), error) {
	wire.Build(
		platform.ProviderSet,
		platform.QueueSet,
		platform.NATSSet,
		repository.ProviderSet,
		payments.ProviderSet,
		crews.ProviderSet,
		service.ProviderSet,
		httpapi.ProviderSet,
	)
	return nil, nil, nil
}
