//go:build wireinject

package main

import (
	"context"
	"log/slog"

	"github.com/google/wire"

	"github.com/liftwell-systems/liftcare/internal/app"
	"github.com/liftwell-systems/liftcare/internal/platform/config"
)

func initWorker(ctx context.Context, cfg config.Config, log *slog.Logger) (*app.Worker, func(), error) {
	wire.Build(app.WorkerSet)
	return nil, nil, nil
}
