package events

import "go.uber.org/fx"

// Module runs the marina and weather subscribers.
var Module = fx.Module("events",
	fx.Provide(
		fx.Annotate(NewMarinaHandlers, fx.As(new(Registrar)), fx.ResultTags(`group:"registrars"`)),
		fx.Annotate(NewWeatherHandlers, fx.As(new(Registrar)), fx.ResultTags(`group:"registrars"`)),
		fx.Annotate(NewRegistry, fx.ParamTags(``, `group:"registrars"`)),
	),
	fx.Invoke(startSubscribers),
)
