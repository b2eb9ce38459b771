// Command worker runs the asynq task server and the periodic scheduler.
package main

import (
	"context"
	"log"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/gearloop/rentals/internal/app"
	"github.com/gearloop/rentals/internal/config"
	"github.com/gearloop/rentals/internal/platform"
	"github.com/gearloop/rentals/internal/tasks"
	"github.com/gearloop/rentals/internal/worker"
)

func main() {
	container, err := app.NewContainer("worker")
	if err != nil {
		log.Fatal(err)
	}
	if err := container.Provide(worker.NewMux); err != nil {
		log.Fatal(err)
	}

	ctx, stop := app.SignalContext()
	defer stop()

	err = container.Invoke(func(cfg *config.Config, mux *asynq.ServeMux, logger *slog.Logger) error {
		redisOpt := platform.AsynqRedis(cfg)
		srv := asynq.NewServer(redisOpt, asynq.Config{
			Concurrency: cfg.WorkerConcurrent,
			Queues: map[string]int{
				tasks.QueuePayments: 6,
				tasks.QueueDefault:  3,
				tasks.QueueLow:      1,
			},
			ShutdownTimeout: 30 * time.Second,
			ErrorHandler: asynq.ErrorHandlerFunc(func(ctx context.Context, t *asynq.Task, err error) {
				logger.ErrorContext(ctx, "task attempt failed", "task", t.Type(), "err", err)
			}),
		})

		scheduler := asynq.NewScheduler(redisOpt, &asynq.SchedulerOpts{Location: time.UTC})
		if _, err := scheduler.Register("*/15 * * * *", asynq.NewTask(tasks.TypeBookingsSweep, nil),
			asynq.Queue(tasks.QueueLow), asynq.Unique(14*time.Minute)); err != nil {
			return err
		}
		if err := scheduler.Start(); err != nil {
			return err
		}
		defer scheduler.Shutdown()

		if err := srv.Start(mux); err != nil {
			return err
		}
		<-ctx.Done()
		srv.Shutdown()
		return nil
	})
	if err != nil {
		log.Fatal(err)
	}
}
