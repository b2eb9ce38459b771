// Package providers wires the external API clients.
package providers

import (
	"go.uber.org/fx"

	"github.com/quaymile/dispatch/internal/providers/carrierapi"
	"github.com/quaymile/dispatch/internal/providers/pushgw"
	"github.com/quaymile/dispatch/internal/providers/smsgw"
	"github.com/quaymile/dispatch/internal/providers/stripepay"
)

// Module provides every provider client.
var Module = fx.Module("providers",
	fx.Provide(
		stripepay.NewClient,
		smsgw.NewSender,
		carrierapi.NewClient,
		pushgw.NewPusher,
	),
)
