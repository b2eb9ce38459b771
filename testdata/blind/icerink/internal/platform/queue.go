package platform

import (
	"context"
	"errors"
	"time"

	"github.com/hibiken/asynq"
)

// NewAsynqClient builds the shared asynq client. The cleanup closes it.
func NewAsynqClient(cfg *Config) (*asynq.Client, func()) {
	c := asynq.NewClient(RedisOpt(cfg))
	return c, func() { _ = c.Close() }
}

func RedisOpt(cfg *Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.Redis.Addr, Password: cfg.Redis.Password, DB: cfg.Redis.DB}
}

// Enqueuer is the narrow slice of *asynq.Client the services depend on.
type Enqueuer interface {
	EnqueueContext(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

// EnqueueOnce enqueues task under a caller-chosen task ID and keeps the
// completed task around long enough that a repeat enqueue collides with it.
// A collision means the work is already queued or done.
func EnqueueOnce(ctx context.Context, q Enqueuer, task *asynq.Task, taskID string, opts ...asynq.Option) error {
	opts = append(opts, asynq.TaskID(taskID), asynq.Retention(72*time.Hour))
	_, err := q.EnqueueContext(ctx, task, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}
