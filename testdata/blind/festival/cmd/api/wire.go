//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/loopgate/festival-cashless/internal/app"
	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/httpapi"
)

func initServer(ctx context.Context, cfg config.Config) (*httpapi.Server, func(), error) {
	wire.Build(
		app.API,
	)
	return nil, nil, nil
}
