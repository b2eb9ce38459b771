// Package temporalx provides the Temporal client and a worker whose
// workflows and activities are contributed by feature modules.
package temporalx

import (
	"context"

	"go.temporal.io/sdk/client"
	"go.temporal.io/sdk/worker"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/quaymile/dispatch/internal/config"
)

// Registration adds workflows and activities to a worker.
type Registration struct {
	TaskQueue string
	Register  func(w worker.Registry)
}

// AsRegistration annotates a constructor returning Registration so that it
// joins the "temporal_registrations" group.
func AsRegistration(ctor any) any {
	return fx.Annotate(ctor, fx.ResultTags(`group:"temporal_registrations"`))
}

// NewClient dials Temporal lazily so that the process can start while the
// frontend is still coming up.
func NewClient(cfg config.Config, lc fx.Lifecycle) (client.Client, error) {
	c, err := client.NewLazyClient(client.Options{
		HostPort:  cfg.TemporalHostPort,
		Namespace: cfg.TemporalNamespace,
	})
	if err != nil {
		return nil, err
	}
	lc.Append(fx.Hook{OnStop: func(context.Context) error { c.Close(); return nil }})
	return c, nil
}

// WorkerParams is the fx input of StartWorkers.
type WorkerParams struct {
	fx.In

	Client        client.Client
	Log           *zap.Logger
	Lifecycle     fx.Lifecycle
	Registrations []Registration `group:"temporal_registrations"`
}

// StartWorkers creates one worker per task queue and registers everything
// contributed for that queue.
func StartWorkers(p WorkerParams) {
	byQueue := map[string][]Registration{}
	for _, r := range p.Registrations {
		byQueue[r.TaskQueue] = append(byQueue[r.TaskQueue], r)
	}
	for queue, regs := range byQueue {
		w := worker.New(p.Client, queue, worker.Options{MaxConcurrentActivityExecutionSize: 20})
		for _, r := range regs {
			r.Register(w)
		}
		q := queue
		p.Lifecycle.Append(fx.Hook{
			OnStart: func(context.Context) error {
				p.Log.Info("temporal worker starting", zap.String("task_queue", q))
				return w.Start()
			},
			OnStop: func(context.Context) error { w.Stop(); return nil },
		})
	}
}

// Module wires the Temporal client and workers.
var Module = fx.Module("temporal",
	fx.Provide(NewClient),
	fx.Invoke(StartWorkers),
)
