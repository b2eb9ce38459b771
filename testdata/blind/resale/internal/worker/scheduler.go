package worker

import (
	"fmt"
	"log/slog"
	"time"

	"github.com/hibiken/asynq"

	"github.com/encorelane/resale/internal/config"
	"github.com/encorelane/resale/internal/jobs"
)

type periodic struct {
	Spec  string
	Type  string
	Queue string
	Opts  []asynq.Option
}

// NewScheduler registers the periodic tasks. Each tick enqueues a task; a
// failed run is retried by the server like any other task and the next
// tick runs it again regardless.
func NewScheduler(cfg *config.Config, opt asynq.RedisClientOpt, log *slog.Logger) (*asynq.Scheduler, error) {
	s := asynq.NewScheduler(opt, &asynq.SchedulerOpts{Location: time.UTC})
	table := []periodic{
		{Spec: cfg.Worker.SettlementCron, Type: jobs.TypeCloseSettlements, Queue: jobs.QueueLow,
			Opts: []asynq.Option{asynq.MaxRetry(5), asynq.Unique(25 * time.Minute)}},
		{Spec: cfg.Worker.OutboxRelayCron, Type: jobs.TypeRelayOutbox, Queue: jobs.QueueCritical,
			Opts: []asynq.Option{asynq.MaxRetry(1), asynq.Unique(30 * time.Second)}},
	}
	for _, p := range table {
		opts := append([]asynq.Option{asynq.Queue(p.Queue)}, p.Opts...)
		id, err := s.Register(p.Spec, asynq.NewTask(p.Type, nil), opts...)
		if err != nil {
			return nil, fmt.Errorf("register %s: %w", p.Type, err)
		}
		log.Info("periodic task registered", "type", p.Type, "spec", p.Spec, "entry_id", id)
	}
	return s, nil
}
