// Package platform groups process-wide infrastructure for injection.
package platform

import (
	"log/slog"

	"github.com/google/wire"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/platform/logging"
	"github.com/encorelane/resale/internal/platform/store"
)

func ProvideLogger(cfg *config.Config) *slog.Logger {
	return logging.New(cfg.LogLevel).With("env", cfg.Env)
}

var ProviderSet = wire.NewSet(
	ProvideLogger,
	store.Open,
)
