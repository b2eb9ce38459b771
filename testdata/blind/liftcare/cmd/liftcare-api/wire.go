//go:build wireinject

package main

import (
	"context"
	"log/slog"

	"github.com/google/wire"

	"github.com/liftwell-systems/liftcare/internal/app"
	"github.com/liftwell-systems/liftcare/internal/platform/config"
)

func initAPI(ctx context.Context, cfg config.Config, log *slog.Logger) (*app.API, func(), error) {
	wire.Build(app.APISet)
	return nil, nil, nil
}
