package jobs

import (
	"context"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"

	"github.com/learnloop/tutoring/internal/config"
)

// RedisOpt builds the asynq Redis connection options.
func RedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

// NewClient builds the asynq client used by the enqueuer.
func NewClient(lc fx.Lifecycle, opt asynq.RedisClientOpt) *asynq.Client {
	c := asynq.NewClient(opt)
	lc.Append(fx.StopHook(c.Close))
	return c
}

// RunWorker starts the asynq server and the periodic scheduler.
func RunWorker(lc fx.Lifecycle, opt asynq.RedisClientOpt, h *Handlers, log *slog.Logger) error {
	srv := asynq.NewServer(opt, asynq.Config{
		Concurrency: 10,
		Queues:      map[string]int{"default": 5, "notifications": 3, "payouts": 2},
	})
	sched := asynq.NewScheduler(opt, &asynq.SchedulerOpts{Location: time.UTC})
	if _, err := sched.Register("0 4 * * MON", asynq.NewTask(TypePayoutBatch, nil),
		asynq.Queue("payouts"), asynq.MaxRetry(5), asynq.Unique(6*time.Hour)); err != nil {
		return err
	}
	if _, err := sched.Register("15 * * * *", asynq.NewTask(TypeCreditExpiry, nil),
		asynq.Unique(50*time.Minute)); err != nil {
		return err
	}
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			if err := srv.Start(h.Mux()); err != nil {
				return err
			}
			log.Info("asynq worker started")
			return sched.Start()
		},
		OnStop: func(context.Context) error {
			sched.Shutdown()
			srv.Shutdown()
			return nil
		},
	})
	return nil
}
