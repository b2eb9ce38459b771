//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/kerfhall/makerspace/internal/app"
	"github.com/kerfhall/makerspace/internal/config"
)

func initializeApp(ctx context.Context, cfg *config.Config) (*app.App, func(), error) {
	wire.Build(app.Set)
	return nil, nil, nil
}
