package worker

import (
	"context"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/stenoline-legal/depobook/internal/config"
	"github.com/stenoline-legal/depobook/internal/queue"
)

// Periodic is one cron entry registered with the asynq scheduler.
type Periodic struct {
	Spec    string
	Type    string
	Payload []byte
}

func schedule(cfg config.Config) []Periodic {
	return []Periodic{
		{Spec: cfg.Worker.PayrollCron, Type: queue.TypeClosePayroll, Payload: []byte(`{}`)},
		{Spec: cfg.Worker.AutochargeCron, Type: queue.TypeAutocharge, Payload: []byte(`{}`)},
	}
}

func redisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

// RunServer starts the asynq server with the task table.
func RunServer(lc fx.Lifecycle, cfg config.Config, d Deps, log *zap.Logger) {
	srv := asynq.NewServer(redisOpt(cfg), asynq.Config{
		Concurrency: cfg.Worker.Concurrency,
		Queues: map[string]int{
			queue.QueueCritical: 6,
			queue.QueueDefault:  3,
			queue.QueueBatch:    1,
		},
		ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
			retried, _ := asynq.GetRetryCount(ctx)
			maxRetry, _ := asynq.GetMaxRetry(ctx)
			if retried >= maxRetry {
				log.Error("task exhausted retries", zap.String("type", t.Type()), zap.Error(err))
			}
		}),
	})
	mux := NewMux(Routes(d), log)
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return srv.Start(mux) },
		OnStop: func(context.Context) error {
			srv.Shutdown()
			return nil
		},
	})
}

// RunScheduler registers the periodic jobs.
func RunScheduler(lc fx.Lifecycle, cfg config.Config, log *zap.Logger) error {
	sched := asynq.NewScheduler(redisOpt(cfg), &asynq.SchedulerOpts{})
	for _, p := range schedule(cfg) {
		id, err := sched.Register(p.Spec, asynq.NewTask(p.Type, p.Payload), asynq.Queue(queue.QueueBatch))
		if err != nil {
			return err
		}
		log.Info("scheduled", zap.String("type", p.Type), zap.String("spec", p.Spec), zap.String("entry", id))
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error { return sched.Start() },
		OnStop: func(context.Context) error {
			sched.Shutdown()
			return nil
		},
	})
	return nil
}

var Module = fx.Module("worker",
	fx.Invoke(RunServer, RunScheduler),
)
