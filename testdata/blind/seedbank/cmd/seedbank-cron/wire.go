//go:build wireinject
// +build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/furrowline/seedbank/internal/app"
	"github.com/furrowline/seedbank/internal/config"
)

func initializeCron(cfg config.Config) (*app.Cron, func(), error) {
	wire.Build(app.CronSet)
	return nil, nil, nil
}
