//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/cyclegrid/bikeshare/internal/config"
	"github.com/cyclegrid/bikeshare/internal/crews"
	"github.com/cyclegrid/bikeshare/internal/payments"
	"github.com/cyclegrid/bikeshare/internal/platform"
	"github.com/cyclegrid/bikeshare/internal/repository"
	"github.com/cyclegrid/bikeshare/internal/service"
	"github.com/cyclegrid/bikeshare/internal/sms"
	"github.com/cyclegrid/bikeshare/internal/worker"
)

func initializeWorker(ctx context.Context, cfg config.Config) (*worker.Worker, func(), error) {
	wire.Build(
		platform.ProviderSet,
		platform.QueueSet,
		repository.ProviderSet,
		payments.ProviderSet,
		sms.ProviderSet,
		crews.ProviderSet,
		service.ProviderSet,
		worker.ProviderSet,
	)
	return nil, nil, nil
}
