//go:build wireinject
// +build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/furrowline/seedbank/internal/app"
	"github.com/furrowline/seedbank/internal/config"
)

func initializeWorker(cfg config.Config) (*app.Worker, func(), error) {
	wire.Build(app.WorkerSet)
	return nil, nil, nil
}
