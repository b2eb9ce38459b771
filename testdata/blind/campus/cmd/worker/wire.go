//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/quadhall/housing/internal/app"
)

func initWorker(ctx context.Context, cfg app.Config) (*workerProcess, func(), error) {
	wire.Build(app.BaseSet, app.WorkerSet, newWorkerProcess)
	return nil, nil, nil
}
