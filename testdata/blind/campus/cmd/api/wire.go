//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/quadhall/housing/internal/api"
	"github.com/quadhall/housing/internal/app"
)

func initServer(ctx context.Context, cfg app.Config) (*api.Server, func(), error) {
	wire.Build(app.BaseSet, app.APISet)
	return nil, nil, nil
}
