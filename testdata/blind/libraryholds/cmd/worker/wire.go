//go:build wireinject
// +build wireinject

package main

import (
	"context"
	"log/slog"

	"github.com/google/wire"

	"github.com/shelfwise-labs/branchline/internal/app"
	"github.com/shelfwise-labs/branchline/internal/config"
)

func initializeWorker(ctx context.Context, cfg config.Config, log *slog.Logger) (*workerApp, func(), error) {
	panic(wire.Build(
		app.StoreSet,
		app.ClientSet,
		app.ServiceSet,
		app.WorkerSet,
		wire.Struct(new(workerApp), "*"),
	))
}
