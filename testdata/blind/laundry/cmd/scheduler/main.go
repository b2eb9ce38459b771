// Command scheduler registers the periodic asynq tasks.
package main

import (
	"os"
	"time"

	"github.com/hibiken/asynq"

	"github.com/freshpress/laundry/internal/app"
	"github.com/freshpress/laundry/internal/jobs"
)

func main() {
	cfg := app.LoadConfig()
	log := app.NewLogger("scheduler")

	s := asynq.NewScheduler(app.RedisOpt(cfg), &asynq.SchedulerOpts{
		Location: time.UTC,
		PostEnqueueFunc: func(info *asynq.TaskInfo, err error) {
			if err != nil {
				log.Warn("periodic enqueue failed", "err", err)
			}
		},
	})
	entries := []struct {
		spec string
		task *asynq.Task
		opts []asynq.Option
	}{
		{"*/10 * * * *", jobs.NewPickupRemindersTask(), []asynq.Option{asynq.Unique(9 * time.Minute)}},
		{"@every 15s", jobs.NewOutboxRelayTask(), []asynq.Option{asynq.Unique(14 * time.Second)}},
		{"30 3 1 * *", jobs.NewExpireCreditsTask(), nil},
	}
	for _, e := range entries {
		id, err := s.Register(e.spec, e.task, e.opts...)
		if err != nil {
			log.Error("register", "type", e.task.Type(), "err", err)
			os.Exit(1)
		}
		log.Info("registered", "type", e.task.Type(), "spec", e.spec, "entry", id)
	}
	if err := s.Run(); err != nil {
		log.Error("scheduler", "err", err)
		os.Exit(1)
	}
}
