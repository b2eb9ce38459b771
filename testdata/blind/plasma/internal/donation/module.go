package donation

import (
	"go.uber.org/fx"

	"github.com/veinline/plasmaops/internal/compensation"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
)

// Module wires the donation domain.
var Module = fx.Module("donation",
	fx.Provide(
		NewRepository,
		NewService,
		NewHandler,
		func(c compensation.Service) Compensator { return c },
		grpcx.AsService(GRPCService),
	),
)
