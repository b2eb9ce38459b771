//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/quadhall/housing/internal/app"
	"github.com/quadhall/housing/internal/cronjobs"
)

func initJobs(ctx context.Context, cfg app.Config) (cronjobs.Registry, func(), error) {
	wire.Build(app.BaseSet, app.CronSet)
	return nil, nil, nil
}
