package donor

import (
	"go.uber.org/fx"

	"github.com/veinline/plasmaops/internal/jobs"
	"github.com/veinline/plasmaops/internal/platform/grpcx"
	"github.com/veinline/plasmaops/internal/providers/cardissuer"
)

// Module wires the donor domain.
var Module = fx.Module("donor",
	fx.Provide(
		NewRepository,
		NewService,
		NewHandler,
		func(c *cardissuer.Client) Cardholders { return c },
		grpcx.AsService(GRPCService),
		NewDeferralNoticeWorker,
		jobs.AsWorker(func(w *DeferralNoticeWorker) jobs.Registration { return jobs.Register(w) }),
	),
)
