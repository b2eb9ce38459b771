// Package logging builds the process-wide zap logger.
package logging

import (
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/kindredgive/donations/internal/config"
)

// New returns a production logger outside development.
func New(cfg *config.Config) (*zap.Logger, error) {
	if cfg.Env == "development" {
		return zap.NewDevelopment()
	}
	return zap.NewProduction()
}

// Module exposes the logger to fx.
var Module = fx.Module("logging", fx.Provide(New))
