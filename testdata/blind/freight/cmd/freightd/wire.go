//go:build wireinject

package main

import (
	"context"

	"github.com/google/wire"

	"github.com/acme/freight/internal/config"
)

// initializeApp builds the whole application graph.
func initializeApp(ctx context.Context, cfg *config.Config) (*App, func(), error) {
	wire.Build(providerSet)
	return nil, nil, nil
}
