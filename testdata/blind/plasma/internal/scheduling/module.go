package scheduling

import (
	"go.uber.org/fx"

	"github.com/veinline/plasmaops/internal/donor"
	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
)

// Module wires the scheduling domain.
var Module = fx.Module("scheduling",
	fx.Provide(
		NewRepository,
		NewService,
		NewHandler,
		func(d donor.Service) DonorDirectory { return d },
		grpcx.AsService(GRPCService),
		NewReminderWorker,
		jobs.AsWorker(func(w *ReminderWorker) jobs.Registration { return jobs.Register(w) }),
	),
)
