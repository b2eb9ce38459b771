package sendwell

import (
	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/config"
	"github.com/velvetchair/salon/internal/core/ports"
)

// Module provides the Sendwell client as the Messenger port.
var Module = fx.Module("sendwell",
	fx.Provide(
		fx.Annotate(
			func(cfg config.Config) *Client {
				return New(cfg.SendwellBaseURL, cfg.SendwellAPIKey,
					WithSender(cfg.SendwellSenderEmail, "Velvet Chair"),
					WithDefaultFrom("VelvetChr"),
					WithSandbox(cfg.Env != "production"),
				)
			},
			fx.As(new(ports.Messenger)),
		),
		func(cfg config.Config) *Verifier { return NewVerifier(cfg.SendwellWebhookSecret) },
	),
)
