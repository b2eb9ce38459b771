// Package temporalx provides the Temporal client.
package temporalx

import (
	"context"
	"log/slog"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.uber.org/fx"

	"github.com/harborline/brokerage/internal/platform/config"
)

// NewClient dials Temporal and closes the connection on shutdown.
func NewClient(lc fx.Lifecycle, cfg *config.Config, log *slog.Logger) (client.Client, error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHost,
		Namespace: cfg.TemporalNS,
		Logger:    tlog.NewStructuredLogger(log),
	})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { c.Close(); return nil }})
	return c, nil
}

// Module provides client.Client.
var Module = fx.Module("temporal", fx.Provide(NewClient))
