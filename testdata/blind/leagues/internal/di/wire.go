//go:build wireinject

package di

import (
	"github.com/google/wire"

	"github.com/fieldday/leagues/internal/api"
	"github.com/fieldday/leagues/internal/config"
	"github.com/fieldday/leagues/internal/worker"
)

// InitializeAPI builds the HTTP server.
func InitializeAPI(cfg *config.Config) (*api.Server, func(), error) {
	wire.Build(StoreSet, ProviderSet, JobsSet, ServiceSet, APISet)
	return nil, nil, nil
}

// InitializeWorker builds the asynq worker.
func InitializeWorker(cfg *config.Config) (*worker.App, func(), error) {
	wire.Build(StoreSet, ProviderSet, JobsSet, ServiceSet, WorkerSet)
	return nil, nil, nil
}
