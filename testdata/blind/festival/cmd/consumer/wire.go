//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/loopgate/festival-cashless/internal/app"
	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/consumers"
)

func initRunner(ctx context.Context, cfg config.Config) (*consumers.Runner, func(), error) {
	wire.Build(
		app.Core,
		consumers.ProviderSet,
	)
	return nil, nil, nil
}
