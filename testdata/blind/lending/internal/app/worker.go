package app

import (
	"go.uber.org/fx"

	"github.com/brightpay/lending/internal/consumers"
	"github.com/brightpay/lending/internal/jobs"
	"github.com/brightpay/lending/internal/platform"
)

func consumer(fn any) any {
	return fx.Annotate(fn, fx.ResultTags(`group:"consumers"`))
}

func job(fn any) any {
	return fx.Annotate(fn, fx.ResultTags(`group:"jobs"`))
}

// Worker runs the Kafka consumers and the scheduled jobs.
var Worker = fx.Module("worker",
	fx.Provide(
		consumer(consumers.CreditCheck),
		consumer(consumers.Disbursement),
		consumer(consumers.OrderAdjustments),
		consumer(consumers.RepaymentAllocator),
		consumer(consumers.FeeCharger),
		fx.Annotate(consumers.NewDispatcher, fx.ParamTags(`group:"consumers"`)),
		platform.NewConsumerGroup,
		consumers.NewRunner,

		job(jobs.NewCollectionsJob),
		job(jobs.NewLateFeesJob),
		job(jobs.NewChargeOffJob),
		job(jobs.NewOutboxRelay),
		jobs.NewScheduler,
	),
	fx.Invoke(
		func(*consumers.Runner) {},
		func(*jobs.Scheduler) {},
	),
)
