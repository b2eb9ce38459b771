//go:build wireinject

package app

import (
	"github.com/google/wire"
)

// Initialize builds the App from the configuration.
func Initialize(cfg Config) (*App, func(), error) {
	wire.Build(infraSet, storeSet, providerSet, serviceSet, entrySet)
	return nil, nil, nil
}
