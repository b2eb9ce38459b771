package worker

import (
	"github.com/hibiken/asynq"

	"github.com/scriptline/refills/internal/tasks"
)

// periodic lists the cron entries registered with the asynq scheduler.
// Times are UTC.
type periodic struct {
	spec string
	task func() (*asynq.Task, error)
	opts []asynq.Option
}

func emptyTask(typ string) func() (*asynq.Task, error) {
	return func() (*asynq.Task, error) { return asynq.NewTask(typ, nil), nil }
}

func schedule(locationID string) []periodic {
	return []periodic{
		{"*/10 * * * *", emptyTask(tasks.TypePollClaimStatus), []asynq.Option{asynq.Queue(tasks.QueueDefault), asynq.MaxRetry(0)}},
		{"0 11 * * *", emptyTask(tasks.TypeAutoRefillScan), []asynq.Option{asynq.Queue(tasks.QueueDefault)}},
		{"0 14 * * *", emptyTask(tasks.TypeReminderScan), []asynq.Option{asynq.Queue(tasks.QueueLow)}},
		{"30 6 * * *", emptyTask(tasks.TypeRemittanceSync), []asynq.Option{asynq.Queue(tasks.QueueLow)}},
		{"0 13 * * 1-5", func() (*asynq.Task, error) {
			// The handler fills in today's date when none is given.
			return asynq.NewTask(tasks.TypeSchedulePickup, []byte(`{"location_id":"`+locationID+`"}`)), nil
		}, []asynq.Option{asynq.Queue(tasks.QueueDefault), asynq.MaxRetry(5)}},
	}
}

// RegisterSchedule adds the periodic tasks to s.
func RegisterSchedule(s *asynq.Scheduler, locationID string) error {
	for _, p := range schedule(locationID) {
		t, err := p.task()
		if err != nil {
			return err
		}
		if _, err := s.Register(p.spec, t, p.opts...); err != nil {
			return err
		}
	}
	return nil
}
