// Package adapters bundles the outbound provider clients for fx.
package adapters

import (
	"go.uber.org/fx"

	"github.com/northvault/custody/internal/adapters/broadcast"
	"github.com/northvault/custody/internal/adapters/fiat"
	"github.com/northvault/custody/internal/adapters/mailer"
	"github.com/northvault/custody/internal/adapters/screening"
	"github.com/northvault/custody/internal/adapters/travelrule"
	"github.com/northvault/custody/internal/ports"
)

var ProvidersModule = fx.Module("providers",
	fx.Provide(
		broadcast.New,
		fx.Annotate(broadcast.NewInstrumented, fx.As(new(ports.Broadcaster))),
		fx.Annotate(fiat.New, fx.As(new(ports.FiatGateway))),
		fx.Annotate(screening.New, fx.As(new(ports.Screener))),
		fx.Annotate(travelrule.New, fx.As(new(ports.TravelRuleGateway))),
		mailer.New,
		fx.Annotate(mailer.NewThrottled, fx.As(new(ports.Mailer))),
	),
)
