package quarantine

import (
	"go.uber.org/fx"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
	"github.com/veinline/plasmaops/internal/providers/fractionator"
)

// Module wires the quarantine domain.
var Module = fx.Module("quarantine",
	fx.Provide(
		NewRepository,
		NewService,
		NewHandler,
		func(c *fractionator.Client) Fractionator { return c },
		grpcx.AsService(GRPCService),
		NewEvaluateWorker,
		NewSweepWorker,
		NewManifestWorker,
		jobs.AsWorker(func(w *EvaluateWorker) jobs.Registration { return jobs.Register(w) }),
		jobs.AsWorker(func(w *SweepWorker) jobs.Registration { return jobs.Register(w) }),
		jobs.AsWorker(func(w *ManifestWorker) jobs.Registration { return jobs.Register(w) }),
		jobs.AsPeriodic(SweepSchedule),
	),
)
