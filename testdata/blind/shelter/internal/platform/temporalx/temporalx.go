// Package temporalx dials the Temporal frontend with the project's defaults.
package temporalx

import (
	"fmt"
	"log/slog"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/brindlewood-labs/shelternet/internal/config"
)

// Dial connects to Temporal; the returned func closes the client.
func Dial(cfg config.Config, log *slog.Logger) (client.Client, func(), error) {
	c, err := client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    tlog.NewStructuredLogger(log),
	})
	if err != nil {
		return nil, nil, fmt.Errorf("dial temporal %s: %w", cfg.TemporalHostPort, err)
	}
	return c, c.Close, nil
}
