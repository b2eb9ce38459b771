// Package temporalx dials the Temporal frontend.
package temporalx

import (
	"context"
	"fmt"
	"log/slog"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"
	"go.uber.org/fx"

	"github.com/crumbworks/ovenline/internal/config"
)

// Dial connects to Temporal and closes the client on shutdown.
func Dial(lc fx.Lifecycle, cfg config.Config, log *slog.Logger) (client.Client, error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHost,
		Namespace: cfg.TemporalNS,
		Logger:    tlog.NewStructuredLogger(log),
	})
	if err != nil {
		return nil, fmt.Errorf("temporalx: dial %s: %w", cfg.TemporalHost, err)
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { c.Close(); return nil }})
	return c, nil
}

// Module provides client.Client.
var Module = fx.Module("temporal", fx.Provide(Dial))
