package fairpay

import (
	"go.uber.org/fx"

	"github.com/velvetchair/salon/internal/config"
	"github.com/velvetchair/salon/internal/core/ports"
)

// Module provides the Fairpay client as the PayoutGateway port.
var Module = fx.Module("fairpay",
	fx.Provide(
		fx.Annotate(
			func(cfg config.Config) *Client {
				return New(cfg.FairpayBaseURL, cfg.FairpayClientID, cfg.FairpaySecret,
					WithPlatformRef("velvetchair"),
				)
			},
			fx.As(new(ports.PayoutGateway)),
		),
	),
)
