//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/docketly/efile/internal/config"
	"github.com/docketly/efile/internal/wiring"
)

func initializeApp(ctx context.Context, cfg *config.Config) (*app, func(), error) {
	wire.Build(
		wiring.Base,
		wiring.Providers,
		wiring.Services,
		wiring.Queue,
		newRouter,
		newApp,
	)
	return nil, nil, nil
}
