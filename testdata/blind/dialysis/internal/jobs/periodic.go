package jobs

import (
	"fmt"
	"time"

	"github.com/hibiken/asynq"

	"github.com/renalnet/dialysis-ops/internal/queue"
)

type periodicTask struct {
	cron string
	typ  string
	opts []asynq.Option
}

// periodicTasks is the cron table. Times are in the scheduler's location
// (America/Chicago, where the network's billing office is).
var periodicTasks = []periodicTask{
	{cron: "0 2 * * 0", typ: queue.TypeScheduleMaterialize, opts: []asynq.Option{asynq.Queue(queue.QueueDefault), asynq.MaxRetry(5)}},
	{cron: "30 4 * * *", typ: queue.TypeSupplyReorder, opts: []asynq.Option{asynq.Queue(queue.QueueLow), asynq.MaxRetry(5)}},
	{cron: "0 6 1 * *", typ: queue.TypeEligibilitySweep, opts: []asynq.Option{asynq.Queue(queue.QueueLow)}},
	{cron: "@every 10s", typ: queue.TypeOutboxRelay, opts: []asynq.Option{asynq.Queue(queue.QueueCritical), asynq.MaxRetry(0), asynq.Unique(10 * time.Second)}},
}

// RegisterPeriodic adds the cron table to the scheduler.
func RegisterPeriodic(s *asynq.Scheduler) error {
	for _, p := range periodicTasks {
		if _, err := s.Register(p.cron, asynq.NewTask(p.typ, []byte("{}")), p.opts...); err != nil {
			return fmt.Errorf("register %s: %w", p.typ, err)
		}
	}
	return nil
}
