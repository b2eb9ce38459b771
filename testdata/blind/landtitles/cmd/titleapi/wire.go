//go:build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/cobaltmesa/titleworks/internal/config"
)

func initServer(cfg config.Config) (*server, func(), error) {
	wire.Build(apiSet)
	return nil, nil, nil
}
