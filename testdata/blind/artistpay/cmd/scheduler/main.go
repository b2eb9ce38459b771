// Command scheduler enqueues the periodic tasks.
package main

import (
	"encoding/json"
	"log/slog"
	"os"
	"time"

	"github.com/hibiken/asynq"

	"github.com/soundledger/artistpay/internal/config"
	"github.com/soundledger/artistpay/internal/platform/tasks"
)

type entry struct {
	spec    string
	taskTyp string
	payload any
	opts    []asynq.Option
}

var entries = []entry{
	// Scheduled payouts on the 10th pay the previous month's statements.
	{"0 6 10 * *", tasks.TypePayoutCycle, tasks.PeriodPayload{}, []asynq.Option{asynq.Queue(tasks.QueueCritical), asynq.MaxRetry(10)}},
	{"*/30 * * * *", tasks.TypePayoutReconcile, tasks.EmptyPayload{}, []asynq.Option{asynq.Queue(tasks.QueueDefault)}},
	{"0 15 * * MON", tasks.TypeTaxFormReminders, tasks.TaxFormRemindersPayload{}, []asynq.Option{asynq.Queue(tasks.QueueLow)}},
}

func main() {
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	scheduler := asynq.NewScheduler(tasks.RedisOpt(cfg), &asynq.SchedulerOpts{
		Location: time.UTC,
		PostEnqueueFunc: func(info *asynq.TaskInfo, err error) {
			if err != nil {
				slog.Error("scheduled enqueue failed", "err", err)
				return
			}
			slog.Info("scheduled", "type", info.Type, "id", info.ID)
		},
	})
	for _, e := range entries {
		body, err := json.Marshal(e.payload)
		if err != nil {
			slog.Error("encode payload", "type", e.taskTyp, "err", err)
			os.Exit(1)
		}
		if _, err := scheduler.Register(e.spec, asynq.NewTask(e.taskTyp, body), e.opts...); err != nil {
			slog.Error("register", "type", e.taskTyp, "err", err)
			os.Exit(1)
		}
	}
	if err := scheduler.Run(); err != nil {
		slog.Error("scheduler", "err", err)
		os.Exit(1)
	}
}
