//go:build wireinject

package app

import (
	"context"

	"github.com/google/wire"

	"github.com/ironkettle/taproute/internal/config"
)

// Initialize builds the App.
func Initialize(ctx context.Context, cfg config.Config) (*App, func(), error) {
	wire.Build(
		storeSet,
		providerSet,
		serviceSet,
		taskSet,
		natsSet,
		httpSet,
		wire.Struct(new(App), "*"),
	)
	return nil, nil, nil
}
