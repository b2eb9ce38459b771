//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/quadhall/housing/internal/app"
	"github.com/quadhall/housing/internal/contractorstatus"
)

func initConsumer(ctx context.Context, cfg app.Config) (*contractorstatus.Consumer, func(), error) {
	wire.Build(app.BaseSet, app.ConsumerSet)
	return nil, nil, nil
}
