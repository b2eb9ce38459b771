// Command scheduler enqueues the periodic tasks.
package main

import (
	"os"
	"time"

	"github.com/hibiken/asynq"

	"github.com/globetrek/esim-platform/internal/config"
	"github.com/globetrek/esim-platform/internal/platform"
	"github.com/globetrek/esim-platform/internal/tasks"
)

// pollCarriers are the carriers that do not push usage reports.
var pollCarriers = []string{"nordtel"}

func main() {
	log := platform.Logger("scheduler")
	cfg, err := config.Load()
	if err != nil {
		log.Error("config", "err", err)
		os.Exit(1)
	}
	s := asynq.NewScheduler(platform.Redis(cfg), &asynq.SchedulerOpts{
		Location: time.UTC,
		PostEnqueueFunc: func(info *asynq.TaskInfo, err error) {
			if err != nil {
				log.Error("scheduled enqueue failed", "err", err)
				return
			}
			log.Info("scheduled", "type", info.Type, "id", info.ID)
		},
	})
	entries := []struct {
		spec string
		task *asynq.Task
	}{
		{"*/15 * * * *", tasks.ExpireSweep()},
	}
	for _, c := range pollCarriers {
		entries = append(entries, struct {
			spec string
			task *asynq.Task
		}{"5 * * * *", tasks.UsagePoll(c)})
	}
	for _, e := range entries {
		if _, err := s.Register(e.spec, e.task); err != nil {
			log.Error("register", "type", e.task.Type(), "err", err)
			os.Exit(1)
		}
	}
	if err := s.Run(); err != nil {
		log.Error("scheduler exited", "err", err)
		os.Exit(1)
	}
}
