package tillpoint

import (
	"log/slog"
	"time"

	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/config"
	"github.com/velvetchair/salon/internal/core/ports"
)

// Module provides the Tillpoint client as the PaymentGateway port and the
// webhook verifier.
var Module = fx.Module("tillpoint",
	fx.Provide(
		fx.Annotate(
			func(cfg config.Config, log *slog.Logger) *Client {
				return New(cfg.TillpointBaseURL, cfg.TillpointAPIKey,
					WithTimeout(20*time.Second),
					WithRetries(2, 400*time.Millisecond),
					WithLogger(log.With("provider", "tillpoint")),
				)
			},
			fx.As(new(ports.PaymentGateway)),
		),
		func(cfg config.Config) *Verifier { return NewVerifier(cfg.TillpointWebhookSecret) },
	),
)
