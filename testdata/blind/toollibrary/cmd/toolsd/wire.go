//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/shedshare/toolsd/internal/config"
	"github.com/shedshare/toolsd/internal/httpapi"
	"github.com/shedshare/toolsd/internal/service"
)

func initializeApp(ctx context.Context, cfg config.Config) (*App, func(), error) {
	panic(wire.Build(
		platformSet,
		providerSet,
		runtimeSet,
		service.ProviderSet,
		httpapi.ProviderSet,
		wire.Struct(new(App), "*"),
	))
}
