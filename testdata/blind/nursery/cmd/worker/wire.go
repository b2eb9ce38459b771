//go:build wireinject
// +build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/acornlane-childcare/nursery/internal/app"
	"github.com/acornlane-childcare/nursery/internal/config"
)

func initializeWorker(ctx context.Context, cfg config.Config) (*workerApp, func(), error) {
	wire.Build(
		app.InfraSet,
		app.ClientSet,
		app.ServiceSet,
		app.WorkerSet,
		newWorkerApp,
	)
	return nil, nil, nil
}
