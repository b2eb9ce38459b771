// Command scheduler enqueues the periodic tasks: hourly vendor fees, the
// nightly settlement run and, after the festival, the refund window.
package main

import (
	"log/slog"
	"os"

	"github.com/hibiken/asynq"

	"github.com/loopgate/festival-cashless/internal/config"
	"github.com/loopgate/festival-cashless/internal/tasks"
)

type periodic struct {
	spec string
	typ  string
	opts []asynq.Option
}

var schedule = []periodic{
	{spec: "5 * * * *", typ: tasks.TypeVendorAccrueFees, opts: []asynq.Option{asynq.Queue(tasks.QueueLow), asynq.MaxRetry(5)}},
	{spec: "30 6 * * *", typ: tasks.TypeSettlementClose, opts: []asynq.Option{asynq.Queue(tasks.QueueCritical), asynq.MaxRetry(10)}},
	{spec: "0 10 * * *", typ: tasks.TypeRefundCreateAll, opts: []asynq.Option{asynq.Queue(tasks.QueueDefault)}},
	{spec: "0 11 * * *", typ: tasks.TypeNotifyRefundOpen, opts: []asynq.Option{asynq.Queue(tasks.QueueLow), asynq.MaxRetry(3)}},
}

func newScheduler(opt asynq.RedisClientOpt, cfg config.Config) (*asynq.Scheduler, error) {
	s := asynq.NewScheduler(opt, &asynq.SchedulerOpts{Location: cfg.Location})
	for _, p := range schedule {
		t, err := tasks.New(p.typ, struct{}{})
		if err != nil {
			return nil, err
		}
		if _, err := s.Register(p.spec, t, p.opts...); err != nil {
			return nil, err
		}
	}
	return s, nil
}

func main() {
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, nil)))
	cfg, err := config.Load()
	if err != nil {
		slog.Error("config", "err", err)
		os.Exit(1)
	}
	s, err := initScheduler(cfg)
	if err != nil {
		slog.Error("init", "err", err)
		os.Exit(1)
	}
	if err := s.Run(); err != nil {
		slog.Error("scheduler stopped", "err", err)
		os.Exit(1)
	}
}
