//go:build wireinject

package app

import (
	"github.com/google/wire"

	"github.com/larkspur-travel/tourdesk/internal/config"
)

// Initialize builds the App from configuration.
func Initialize(cfg *config.Config) (*App, func(), error) {
	wire.Build(
		AppSet,
		wire.Struct(new(App), "cfg", "log", "http", "worker", "mux", "scheduler"),
	)
	return nil, nil, nil
}
