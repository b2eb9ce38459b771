package queue

import (
	"context"
	"errors"

	"github.com/hibiken/asynq"

	"github.com/cityparking/parking/internal/config"
)

// Enqueuer is the subset of the asynq client the services use.
type Enqueuer interface {
	Enqueue(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error)
}

type asynqEnqueuer struct{ c *asynq.Client }

func (e *asynqEnqueuer) Enqueue(ctx context.Context, task *asynq.Task, opts ...asynq.Option) (*asynq.TaskInfo, error) {
	return e.c.EnqueueContext(ctx, task, opts...)
}

// RedisOpt builds the connection option shared by client, server and scheduler.
func RedisOpt(cfg *config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

// NewEnqueuer is the wire provider for Enqueuer.
func NewEnqueuer(opt asynq.RedisClientOpt) (Enqueuer, func()) {
	c := asynq.NewClient(opt)
	return &asynqEnqueuer{c: c}, func() { _ = c.Close() }
}

// EnqueueUnique enqueues task under a caller-chosen task ID. A conflict means
// the same task is already queued or was processed recently and is not an
// error for the caller.
func EnqueueUnique(ctx context.Context, e Enqueuer, task *asynq.Task, id string, opts ...asynq.Option) error {
	opts = append(opts, asynq.TaskID(id))
	_, err := e.Enqueue(ctx, task, opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}
