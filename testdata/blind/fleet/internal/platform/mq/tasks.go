package mq

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/hibiken/asynq"

	"github.com/acme/fleet/internal/config"
)

func RedisOpt(cfg config.Config) asynq.RedisClientOpt {
	return asynq.RedisClientOpt{Addr: cfg.RedisAddr}
}

func NewAsynqClient(cfg config.Config) (*asynq.Client, func()) {
	c := asynq.NewClient(RedisOpt(cfg))
	return c, func() { _ = c.Close() }
}

// TaskQueue enqueues background tasks.
type TaskQueue struct {
	client *asynq.Client
}

func NewTaskQueue(c *asynq.Client) *TaskQueue { return &TaskQueue{client: c} }

// Enqueue marshals payload and enqueues a task of type typ. A task whose
// asynq.TaskID is already queued is treated as enqueued.
func (q *TaskQueue) Enqueue(ctx context.Context, typ string, payload any, opts ...asynq.Option) error {
	body, err := json.Marshal(payload)
	if err != nil {
		return err
	}
	_, err = q.client.EnqueueContext(ctx, asynq.NewTask(typ, body), opts...)
	if errors.Is(err, asynq.ErrTaskIDConflict) {
		return nil
	}
	return err
}
