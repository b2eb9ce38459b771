//go:build wireinject
// +build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/kestrelfin/factoring/internal/app"
	"github.com/kestrelfin/factoring/internal/config"
	"github.com/kestrelfin/factoring/internal/worker"
)

func initializeWorker(cfg config.Config) (*worker.Runner, func(), error) {
	wire.Build(
		app.InfraSet,
		app.ProviderSet,
		app.ServiceSet,
		app.WorkerSet,
	)
	return nil, nil, nil
}
