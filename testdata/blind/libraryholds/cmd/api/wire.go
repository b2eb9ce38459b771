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

func initializeAPI(ctx context.Context, cfg config.Config, log *slog.Logger) (*apiApp, func(), error) {
	panic(wire.Build(
		app.StoreSet,
		app.ClientSet,
		app.ServiceSet,
		app.HTTPSet,
		wire.Struct(new(apiApp), "*"),
	))
}
