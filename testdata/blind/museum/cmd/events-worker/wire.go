//go:build wireinject
// +build wireinject

package main

import (
	"github.com/google/wire"

	"github.com/northgate-museums/visitor-platform/internal/di"
)

func initializeWorker() (*worker, func(), error) {
	wire.Build(
		di.ConsumerSet,
		newWorker,
	)
	return nil, nil, nil
}
