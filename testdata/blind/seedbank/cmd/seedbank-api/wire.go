//go:build wireinject
// +build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/furrowline/seedbank/internal/app"
	"github.com/furrowline/seedbank/internal/config"
)

func initializeAPI(cfg config.Config) (*app.API, func(), error) {
	wire.Build(app.APISet)
	return nil, nil, nil
}
