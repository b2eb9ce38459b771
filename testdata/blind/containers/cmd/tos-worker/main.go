// Command tos-worker runs the asynq billing and EDI relay tasks and the
// scheduler that enqueues the periodic ones.
package main

import (
	"context"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"

	"github.com/quaymark/terminal-ops/internal/app"
	"github.com/quaymark/terminal-ops/internal/config"
	"github.com/quaymark/terminal-ops/internal/service/billing"
	"github.com/quaymark/terminal-ops/internal/service/edi"
	"github.com/quaymark/terminal-ops/internal/tasks"
)

func main() {
	fx.New(options()).Run()
}

func options() fx.Option {
	return fx.Options(
		app.Core,
		app.Repositories,
		app.Providers,
		fx.Provide(
			fx.Annotate(billing.NewAccrual, fx.As(new(tasks.AccrualService))),
			fx.Annotate(billing.NewInvoicing, fx.As(new(tasks.InvoiceService))),
			fx.Annotate(billing.NewCards, fx.As(new(tasks.AutochargeService))),
			fx.Annotate(edi.NewRelay, fx.As(new(tasks.OutboxRelay))),
			redisOpt,
			fx.Annotate(newAsynqClient, fx.As(new(tasks.Enqueuer))),
			newHandlers,
		),
		fx.Invoke(runServer, runScheduler),
	)
}

func redisOpt(cfg *config.Config) asynq.RedisConnOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

func newAsynqClient(lc fx.Lifecycle, opt asynq.RedisConnOpt) *asynq.Client {
	c := asynq.NewClient(opt)
	lc.Append(fx.StopHook(c.Close))
	return c
}

type handlerDeps struct {
	fx.In

	Accrual    tasks.AccrualService
	Invoices   tasks.InvoiceService
	Autocharge tasks.AutochargeService
	Relay      tasks.OutboxRelay
	Queue      tasks.Enqueuer
}

func newHandlers(d handlerDeps) *tasks.Handlers {
	return &tasks.Handlers{
		Accrual:    d.Accrual,
		Invoices:   d.Invoices,
		Autocharge: d.Autocharge,
		Relay:      d.Relay,
		Queue:      d.Queue,
		Now:        time.Now,
	}
}

func runServer(lc fx.Lifecycle, opt asynq.RedisConnOpt, h *tasks.Handlers) {
	srv := asynq.NewServer(opt, asynq.Config{
		Concurrency: 8,
		Queues:      map[string]int{tasks.QueueBilling: 3, tasks.QueueEDI: 5},
	})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return srv.Start(tasks.NewMux(h)) },
		OnStop:  func(context.Context) error { srv.Shutdown(); return nil },
	})
}

func runScheduler(lc fx.Lifecycle, opt asynq.RedisConnOpt) error {
	s := asynq.NewScheduler(opt, &asynq.SchedulerOpts{Location: time.UTC})
	if err := tasks.RegisterSchedule(s); err != nil {
		return err
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return s.Start() },
		OnStop:  func(context.Context) error { s.Shutdown(); return nil },
	})
	return nil
}
