// Package temporalx dials Temporal with the service defaults.
package temporalx

import (
	"log/slog"

	"go.temporal.io/sdk/client"
	tlog "go.temporal.io/sdk/log"

	"github.com/nimbusrack/hosting/internal/platform/config"
)

// Dial connects a Temporal client.
func Dial(cfg *config.Config, log *slog.Logger) (client.Client, error) {
	return client.Dial(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
		Logger:    tlog.NewStructuredLogger(log),
	})
}
